/**
 * The bus is watched at QoS 0: the session is clean, so QoS 1 would redeliver nothing after a
 * reconnect, and it would acknowledge every message, also the controller's goodbye that arrives
 * while the service itself stops (mqtt.js then writes the acknowledgement after its socket ended).
 */
export const BUS_QOS = { qos: 0 } as const;
