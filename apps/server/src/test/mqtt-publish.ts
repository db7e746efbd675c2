import type mqtt from 'mqtt';

/** Publishes at QoS 1: 'acked' once the PUBACK is back, 'closed' if the broker drops the connection instead. */
export const publishQos1 = (client: mqtt.MqttClient, topic: string, payload: string) =>
  new Promise<'acked' | 'closed'>((settle) => {
    client.once('close', () => settle('closed'));
    client.publishAsync(topic, payload, { qos: 1 }).then(
      () => settle('acked'),
      () => settle('closed'),
    );
  });
