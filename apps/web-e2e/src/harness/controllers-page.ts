import { Locator, Page } from '@playwright/test';

/** The blocks discovery creates for the simulated controller's plugged-in hardware (docs/controller.md). */
export const DISCOVERED = ['TempSensorOneWire-1', 'TempSensorOneWire-2', 'DS2413-1'];

/** A controller's card on the Controllers page, found by its name as a user reads it. */
export const controllerCard = (page: Page, serviceId: string): Locator =>
  page.getByRole('list', { name: 'Controllers' }).getByRole('listitem', { name: serviceId, exact: true });
