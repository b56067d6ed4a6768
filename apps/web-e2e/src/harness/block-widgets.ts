import { Locator, Page } from '@playwright/test';
import { ControllerApiClient } from '@eventcast/api-client';
import { createBlocks } from './blocks-api';
import { WebStack } from './web-stack';
import { expect } from './web-test';

/**
 * A fridge that heats, on the controller `serviceId`: a PID heats the fridge for an error of 1 °C
 * through a PWM that drives the heater (docs/controller.md), a fan whose PWM nothing drives, and a
 * pump that nothing drives.
 */
export async function createHeatedFridge(controller: ControllerApiClient, serviceId: string): Promise<void> {
  await createBlocks(controller, serviceId, [
    { id: 'Fridge sensor', type: 'TempSensorMock', data: { connected: true, setting: 18 } },
    {
      id: 'Fridge setpoint',
      type: 'SetpointSensorPair',
      data: { enabled: true, sensorId: 'Fridge sensor', storedSetting: 19 },
    },
    { id: 'Heater', type: 'DigitalActuator', data: { hwDevice: 'OnboardPins', channel: 1 } },
    { id: 'Pump', type: 'DigitalActuator', data: { hwDevice: 'OnboardPins', channel: 2 } },
    { id: 'Fan', type: 'DigitalActuator', data: { hwDevice: 'OnboardPins', channel: 3 } },
    { id: 'Fan PWM', type: 'ActuatorPwm', data: { enabled: true, actuatorId: 'Fan', period: 4, storedSetting: 20 } },
    { id: 'Heater PWM', type: 'ActuatorPwm', data: { enabled: true, actuatorId: 'Heater', period: 4 } },
    {
      id: 'Heater PID',
      type: 'Pid',
      data: { enabled: true, inputId: 'Fridge setpoint', outputId: 'Heater PWM', kp: 20, ti: 3600 },
    },
  ]);
}

/** A widget of a dashboard document, as apps/web/src/common/dashboards.ts declares it. */
export interface DashboardWidget {
  id: string;
  title: string;
  place: { x: number; y: number; w: number; h: number };
  config: { kind: 'block'; serviceId: string; blockId: string } | { kind: 'controller-status'; serviceId: string };
}

/** A widget of a block, titled by the block's name, at `place` on the grid. */
export const blockWidgetOf = (
  serviceId: string,
  blockId: string,
  place: DashboardWidget['place'],
): DashboardWidget => ({
  id: `${serviceId}-${blockId}`.replace(/\W+/g, '-'),
  title: blockId,
  place,
  config: { kind: 'block', serviceId, blockId },
});

/** Saves the dashboard `id` with `widgets` in the datastore, as the dashboards page saves one. */
export async function saveDashboard(
  stack: WebStack,
  id: string,
  title: string,
  widgets: DashboardWidget[],
): Promise<void> {
  const { response } = await stack.datastore.client.POST('/set', {
    body: { value: { namespace: 'svc-ui-store:dashboards', id, title, widgets } },
  });
  expect(response.status).toBe(200);
}

/** A widget on a dashboard, by its title. */
export const dashboardWidget = (page: Page, title: string): Locator =>
  page.getByRole('region', { name: title, exact: true });

/** The value a widget shows beside `label`. */
export const widgetFact = (widget: Locator, label: string): Locator =>
  widget.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
