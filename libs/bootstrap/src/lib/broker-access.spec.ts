import { brokerAccess } from './broker-access';
import { ConfigurationError } from './environment';

describe(brokerAccess.name, () => {
  it('takes the user and password from the variables, or leaves them to the user info of the URL', () => {
    expect(brokerAccess({ mqttUrl: 'mqtt://broker:1883', mqttUsername: 'history', mqttPassword: 'p' })).toEqual({
      url: 'mqtt://broker:1883',
      username: 'history',
      password: 'p',
      ca: undefined,
    });
    expect(brokerAccess({ mqttUrl: 'mqtt://history:p@broker:1883' })).toMatchObject({
      url: 'mqtt://history:p@broker:1883',
      username: undefined,
    });
  });

  it('refuses a user given both ways, and a password without a user', () => {
    expect(() => brokerAccess({ mqttUrl: 'mqtt://history:p@broker', mqttUsername: 'history' })).toThrow(
      ConfigurationError,
    );
    expect(() => brokerAccess({ mqttUrl: 'mqtt://broker', mqttPassword: 'p' })).toThrow(
      /MQTT_PASSWORD: needs MQTT_USERNAME/,
    );
  });
});
