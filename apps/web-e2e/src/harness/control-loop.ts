import { Locator, Page } from '@playwright/test';
import { ControllerApiClient } from '@eventcast/api-client';
import { blockCard, fieldValue } from './block-cards';
import { createBlocks, NewBlock } from './blocks-api';
import { expect } from './web-test';

/** A control loop on the controller, made through its API as docs/controller.md shows: the PID heats for an error of 1 °C. */
async function createControlLoop(controller: ControllerApiClient, serviceId: string): Promise<void> {
  const blocks: NewBlock[] = [
    { id: 'Fridge sensor', type: 'TempSensorMock', data: { connected: true, setting: 18 } },
    {
      id: 'Fridge setpoint',
      type: 'SetpointSensorPair',
      data: { enabled: true, sensorId: 'Fridge sensor', storedSetting: 19 },
    },
    { id: 'Heater', type: 'DigitalActuator', data: { hwDevice: 'OnboardPins', channel: 1 } },
    { id: 'Heater PWM', type: 'ActuatorPwm', data: { enabled: true, actuatorId: 'Heater', period: 4 } },
    {
      id: 'Heater PID',
      type: 'Pid',
      data: { enabled: true, inputId: 'Fridge setpoint', outputId: 'Heater PWM', kp: 20, ti: 3600 },
    },
  ];
  await createBlocks(controller, serviceId, blocks);
}

/**
 * Makes the control loop on the controller whose blocks `page` shows, then raises its setpoint
 * from 19 °C to 21 °C through the setpoint's form, as a user does, and waits until the following
 * state events show the PID's output following the error of 3 °C. Returns the setpoint's card.
 */
export async function raiseSetpointThroughForm(
  page: Page,
  controller: ControllerApiClient,
  serviceId: string,
): Promise<Locator> {
  await createControlLoop(controller, serviceId);
  const pid = blockCard(page, 'Heater PID');
  const output = () => fieldValue(pid, 'Output setting').textContent().then(Number);
  await expect.poll(output, { message: 'the PID to act on an error of 1 °C' }).toBeGreaterThan(0);
  expect(await output()).toBeLessThan(40);

  const setpoint = blockCard(page, 'Fridge setpoint');
  await setpoint.getByRole('button', { name: 'Edit Fridge setpoint' }).click();
  const form = page.getByRole('form', { name: 'Edit Fridge setpoint' });
  await expect(form.getByLabel('Setpoint (°C)').inputValue()).resolves.toBe('19');
  await form.getByLabel('Setpoint (°C)').fill('21');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Saved.')).toBeVisible();
  await expect(fieldValue(setpoint, 'Setpoint').filter({ hasText: /^21\.00 °C$/ })).toBeVisible();
  await expect.poll(output, { message: 'the PID output to follow an error of 3 °C' }).toBeGreaterThanOrEqual(60);
  return setpoint;
}
