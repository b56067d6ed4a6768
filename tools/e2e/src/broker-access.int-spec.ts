import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connectAsync } from 'mqtt';
import WebSocket from 'ws';
import { answerOf, freePort, MqttRecorder, PrivateBroker, ServiceUnderTest, waitFor } from '@eventcast/testing';

const REPO = resolve(__dirname, '../../..');

/**
 * The Compose broker's own configuration (docker/mosquitto/mosquitto.conf, with its ACL and the
 * password files made by docker/make-secrets.sh) in a real Mosquitto, with only the ports and the
 * paths moved to the test's.
 */
function composeBrokerConfig(secrets: string, dir: string, localPort: number) {
  return (port: number) =>
    readFileSync(join(REPO, 'docker/mosquitto/mosquitto.conf'), 'utf8')
      .replace(/^listener 1883$/m, `listener ${port} 127.0.0.1`)
      .replace(/^listener 1880 127\.0\.0\.1$/m, `listener ${localPort} 127.0.0.1`)
      .replace(
        /^password_file \/run\/secrets\/(\S+)$/gm,
        (_line, file: string) => `password_file ${join(secrets, file)}`,
      )
      .replace(/^acl_file .*$/gm, `acl_file ${join(REPO, 'docker/mosquitto/acl')}`)
      .replace(/^persistence_location .*$/m, `persistence_location ${dir}/`)
      .concat('\nuser root\n');
}

const DEPLOYMENT_PAGE = readFileSync(join(REPO, 'docs/deployment.md'), 'utf8');

/**
 * The one broker command of docs/deployment.md that matches `pattern`, as it runs inside the
 * broker's container (without its `docker compose exec mosquitto`), with the local listener's port
 * 1880 moved to `localPort`.
 */
function documentedBrokerCommand(pattern: RegExp, localPort: number): string {
  const commands = [...DEPLOYMENT_PAGE.matchAll(/^docker compose exec mosquitto (mosquitto_(?:sub|pub) .*)$/gm)]
    .map((match) => match[1])
    .filter((command) => pattern.test(command));
  if (commands.length !== 1) {
    throw new Error(`docs/deployment.md has ${commands.length} broker commands matching ${pattern}, not one`);
  }
  return commands[0].replace(' -p 1880 ', ` -p ${localPort} `);
}

/** A shell command running in `cwd` (the folder of `secrets/`, as docker/ is for the page's commands). */
function shell(command: string, cwd: string) {
  const child = spawn('bash', ['-c', `exec ${command}`], { cwd });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const ended = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
  return {
    ended,
    stdout: () => stdout,
    stop: () => {
      child.kill();
      return ended;
    },
  };
}

describe('the Compose broker with its accounts and ACL', () => {
  let dir: string;
  let secrets: string;
  let localPort: number;
  let broker: PrivateBroker;
  const password = (account: string) => readFileSync(join(secrets, `mqtt-${account}`), 'utf8');
  /** The broker URL with `account`'s user info, as a peer configures it. */
  const urlOf = (account: string) => broker.url.replace('mqtt://', `mqtt://${account}:${password(account)}@`);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'eventcast-broker-access-'));
    secrets = join(dir, 'secrets');
    execFileSync('bash', [join(REPO, 'docker/make-secrets.sh'), 'fermenter', 'greenhouse'], {
      env: { ...process.env, EVENTCAST_SECRETS: secrets },
    });
    localPort = await freePort();
    broker = await PrivateBroker.startConfigured(dir, composeBrokerConfig(secrets, dir, localPort));
  });

  afterAll(async () => {
    await broker?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a client without credentials and one with a wrong password', async () => {
    const refusal = (url: string) =>
      connectAsync(url, { reconnectPeriod: 0, connectTimeout: 3000 }).then(
        async (client) => {
          await client.endAsync(true);
          return 'connected';
        },
        (error: Error) => error.message,
      );
    expect(await refusal(broker.url)).toMatch(/Not authorized/);
    expect(await refusal(broker.url.replace('mqtt://', 'mqtt://fermenter:wrong-password@'))).toMatch(/Not authorized/);
  });

  it("lets a controller's account publish its own state and changes but not another controller's", async () => {
    const operator = await MqttRecorder.connect(urlOf('operator'), 'eventcast/state/#');
    const fermenter = await MqttRecorder.connect(urlOf('fermenter'));
    try {
      await fermenter.publish('eventcast/state/greenhouse', { key: 'greenhouse', forged: true });
      await fermenter.publish('eventcast/state/greenhouse/changes', { key: 'greenhouse', forged: true });
      await fermenter.publish('eventcast/state/fermenter/changes', { key: 'fermenter' });
      await fermenter.publish('eventcast/state/fermenter', { key: 'fermenter' });
      await operator.next('eventcast/state/fermenter/changes', "fermenter's own change event");
      await operator.next('eventcast/state/fermenter', "fermenter's own state");
      expect(operator.on('eventcast/state/greenhouse')).toEqual([]);
      expect(operator.on('eventcast/state/greenhouse/changes')).toEqual([]);
    } finally {
      await fermenter.close();
      await operator.close();
    }
  });

  it("lets a peer publish history but not a controller's block commands", async () => {
    const operator = await MqttRecorder.connect(urlOf('operator'), 'eventcast/#');
    const peer = await MqttRecorder.connect(urlOf('peer'));
    try {
      await peer.publish('eventcast/controller/blocks/delete', { id: 'Sensor', serviceId: 'fermenter' });
      await peer.publish('eventcast/history/sensor-script', { key: 'sensor-script', data: { t: 1 } });
      await operator.next('eventcast/history/sensor-script', "the peer's history event");
      expect(operator.on('eventcast/controller/blocks/delete')).toEqual([]);
    } finally {
      await peer.close();
      await operator.close();
    }
  });

  it('lets the automation account publish block patches, its own events and its planned history, and nothing else', async () => {
    const operator = await MqttRecorder.connect(urlOf('operator'), 'eventcast/#');
    const automation = await MqttRecorder.connect(urlOf('automation'));
    const refused = [
      'eventcast/controller/blocks/delete',
      'eventcast/history/fermenter',
      'eventcast/state/fermenter',
      'eventcast/datastore/svc-automation',
    ];
    const allowed = [
      'eventcast/controller/blocks/patch',
      'eventcast/history/automation',
      'eventcast/automation/incidents',
    ];
    try {
      for (const topic of [...refused, ...allowed]) await automation.publish(topic, { key: 'automation', topic });
      for (const topic of allowed) await operator.next(topic, `the automation service's message on ${topic}`);
      for (const topic of refused) expect({ topic, seen: operator.on(topic) }).toEqual({ topic, seen: [] });
    } finally {
      await automation.close();
      await operator.close();
    }
  });

  it("lets the automation account read history, states and the changes of its own namespace, not another's", async () => {
    const automation = await MqttRecorder.connect(urlOf('automation'), 'eventcast/#');
    const publishers = {
      datastore: await MqttRecorder.connect(urlOf('datastore')),
      peer: await MqttRecorder.connect(urlOf('peer')),
      fermenter: await MqttRecorder.connect(urlOf('fermenter')),
    };
    // Block commands and the two namespaces the controllers follow are every account's to read,
    // through the controllers' `pattern` lines of the ACL.
    const refused = [['datastore', 'eventcast/datastore/brewery']] as const;
    const allowed = [
      ['datastore', 'eventcast/datastore/svc-automation'],
      ['peer', 'eventcast/history/sensor-script'],
      ['fermenter', 'eventcast/state/fermenter'],
    ] as const;
    try {
      for (const [account, topic] of [...refused, ...allowed]) await publishers[account].publish(topic, { topic });
      for (const [, topic] of allowed) await automation.next(topic, `the message on ${topic}`);
      for (const [, topic] of refused) expect({ topic, seen: automation.on(topic) }).toEqual({ topic, seen: [] });
    } finally {
      await Promise.all([automation, ...Object.values(publishers)].map((client) => client.close()));
    }
  });

  it('disconnects a client that sends a packet over its 18 MiB limit, and passes one below it', async () => {
    const operator = await MqttRecorder.connect(urlOf('operator'), 'eventcast/history/#');
    const peer = await connectAsync(urlOf('peer'), { reconnectPeriod: 0 });
    try {
      const closed = new Promise<void>((resolve) => peer.once('close', () => resolve()));
      const payload = (megabytes: number) => JSON.stringify({ key: 'big', pad: 'x'.repeat(megabytes * 1024 * 1024) });
      await peer.publishAsync('eventcast/history/big', payload(17), { qos: 0 });
      await operator.next('eventcast/history/big', 'the 17 MiB message', () => true, 0, 30_000);
      peer.publish('eventcast/history/huge', payload(19), { qos: 0 });
      await closed;
      expect(operator.on('eventcast/history/huge')).toEqual([]);
    } finally {
      await peer.endAsync(true);
      await operator.close();
    }
  });

  describe('the troubleshooting commands of docs/deployment.md, as the admin account', () => {
    const run = (command: string) => shell(command, dir).ended;
    const documented = (pattern: RegExp) => documentedBrokerCommand(pattern, localPort);
    /** `command` as `account` on the published port instead of admin on the local listener. */
    const asAccount = (command: string, account: string) =>
      command.replace(
        ` -p ${localPort} -u admin -P "$(cat secrets/mqtt-admin)" `,
        ` -p ${broker.port} -u ${account} -P "$(cat secrets/mqtt-${account})" `,
      );

    it('follow the history events as a peer publishes them', async () => {
      const watch = shell(documented(/-t 'eventcast\/history\/#' -v$/), dir);
      const peer = await MqttRecorder.connect(urlOf('peer'));
      try {
        const line = await waitFor('the published event in the output of the documented command', async () => {
          await peer.publish('eventcast/history/troubleshooting', { key: 'troubleshooting', data: { t: 1 } });
          await new Promise((resolve) => setTimeout(resolve, 100));
          return watch.stdout().split('\n')[0] || undefined;
        });
        expect(line).toBe('eventcast/history/troubleshooting {"key":"troubleshooting","data":{"t":1}}');
      } finally {
        await peer.close();
        await watch.stop();
      }
    });

    it('list a history event published with retain, and clear it', async () => {
      const peer = await connectAsync(urlOf('peer'), { reconnectPeriod: 0 });
      await peer.publishAsync('eventcast/history/retained-by-mistake', '{"key":"retained-by-mistake"}', {
        qos: 1,
        retain: true,
      });
      await peer.endAsync();
      const list = documented(/--retained-only/);
      const clear = documented(/ -r -n -t eventcast\/history\/<topic>$/).replace('<topic>', 'retained-by-mistake');

      expect((await run(list)).stdout).toBe('eventcast/history/retained-by-mistake {"key":"retained-by-mistake"}\n');
      expect((await run(clear)).code).toBe(0);
      expect((await run(list)).stdout).toBe('');
    });

    it('clear the will of a controller removed for good, which the operator and peer accounts cannot', async () => {
      const will = '{"key":"fermenter","data":null}';
      const controller = await connectAsync(urlOf('fermenter'), {
        reconnectPeriod: 0,
        will: { topic: 'eventcast/state/fermenter', payload: Buffer.from(will), qos: 1, retain: true },
      });
      controller.stream.destroy(); // the connection drops without a goodbye: the broker publishes the will
      const show = documented(/-t 'eventcast\/state\/fermenter' -C 1 /);
      const clear = documented(/ -r -n -t eventcast\/state\/<service_id>$/).replace('<service_id>', 'fermenter');
      const shown = `eventcast/state/fermenter ${will}\n`;
      await waitFor('the will of the controller', async () => (await run(show)).stdout === shown);

      for (const account of ['operator', 'peer']) {
        // The broker drops the publish, and MQTT 3.1.1 gives the client no sign of it.
        expect({ account, code: (await run(asAccount(clear, account))).code }).toEqual({ account, code: 0 });
        expect({ account, shown: (await run(show)).stdout }).toEqual({ account, shown });
      }
      expect((await run(clear)).code).toBe(0);
      expect((await run(show)).stdout).toBe('');
    });

    it('are refused without the account, anonymous on the local listener, and as admin on the published port', async () => {
      const peer = await connectAsync(urlOf('peer'), { reconnectPeriod: 0 });
      await peer.publishAsync('eventcast/history/left-retained', '{"key":"left-retained"}', { qos: 1, retain: true });
      await peer.endAsync();
      const list = documented(/--retained-only/);
      expect((await run(list)).stdout).toContain('eventcast/history/left-retained');

      const withoutAccount = await run(`mosquitto_sub -h 127.0.0.1 -p ${broker.port} -t 'eventcast/history/#' -v -W 3`);
      expect(withoutAccount.stderr).toContain('Connection Refused: not authorised.');
      const anonymousLocal = await run(list.replace(' -u admin -P "$(cat secrets/mqtt-admin)"', ''));
      expect(anonymousLocal.stdout).toBe('');
      const adminPublished = await run(list.replace(` -p ${localPort} `, ` -p ${broker.port} `));
      expect(adminPublished.stderr).toContain('Connection Refused: not authorised.');
      // What the anonymous listener is for: the broker's health check.
      const health = await run(`mosquitto_sub -h 127.0.0.1 -p ${localPort} -t '$SYS/broker/uptime' -C 1 -W 3`);
      expect(health.stdout).toMatch(/^\d+ seconds\n$/);
    });
  });

  describe('with every service logged in under its own account', () => {
    const services: Array<ServiceUnderTest<'history' | 'datastore' | 'controller'>> = [];
    let operator: MqttRecorder;
    const start = async <App extends 'history' | 'datastore' | 'controller'>(app: App, env: Record<string, string>) => {
      const service = await ServiceUnderTest.start(app, { MQTT_URL: broker.url, DATA_DIR: join(dir, app), ...env });
      services.push(service);
      return service;
    };

    afterAll(async () => {
      await Promise.all(services.map((service) => service.stop()));
      await operator?.close();
    });

    it('each works: history stored, document changes and states announced, block commands taken', async () => {
      operator = await MqttRecorder.connect(urlOf('operator'), 'eventcast/#');
      const history = await start('history', {
        MQTT_USERNAME: 'history',
        MQTT_PASSWORD_FILE: join(secrets, 'mqtt-history'),
        MQTT_CLIENT_ID: 'eventcast-history-broker-access',
      });
      const datastore = await start('datastore', {
        MQTT_USERNAME: 'datastore',
        MQTT_PASSWORD_FILE: join(secrets, 'mqtt-datastore'),
      });
      // The controller takes its account from the user info of MQTT_URL, the other way to give it.
      const controller = await start('controller', {
        SERVICE_ID: 'fermenter',
        MQTT_URL: urlOf('fermenter'),
        DATASTORE_URL: datastore.url,
        BROADCAST_INTERVAL_MS: '200',
      });
      expect(controller.log).not.toContain(password('fermenter'));

      await operator.next('eventcast/state/fermenter', 'the state event of the controller');
      const fields = await waitFor('the history of the controller in the history service', async () => {
        const answer = await answerOf(history.client.POST('/timeseries/fields', { body: { duration: '1h' } }));
        const names = answer.body as string[];
        return names.some((name) => name.startsWith('fermenter/')) ? names : undefined;
      });
      expect(fields.length).toBeGreaterThan(0);

      // The history account reads the change events too, which history relays to the web app.
      const documents = new WebSocket(`${history.url.replace(/^http/, 'ws')}/history/documents/stream`);
      const relayed = new Promise<string>((done, fail) => {
        documents.once('message', (data: Buffer) => done(data.toString()));
        documents.once('error', fail);
      });
      await new Promise((done) => documents.once('open', done));
      await datastore.client.POST('/set', { body: { value: { namespace: 'broker-access', id: 'doc' } } });
      await operator.next('eventcast/datastore/broker-access', 'the change event of the document');
      expect(JSON.parse(await relayed)).toEqual({ changed: [{ namespace: 'broker-access', id: 'doc' }] });
      documents.close();

      await operator.publish('eventcast/controller/blocks/create', {
        id: 'Broker sensor',
        serviceId: 'fermenter',
        type: 'TempSensorMock',
        data: {},
      });
      await waitFor(
        'the block created by the command',
        async () =>
          (await answerOf(controller.client.POST('/blocks/read', { body: { id: 'Broker sensor' } }))).status === 200,
      );
    });
  });
});

/** A CA and a certificate it signed for `localhost`, made with the openssl program in `dir`. */
function makeCertificates(dir: string) {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const key = ['-newkey', 'rsa:2048', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...key,
    '-days',
    '1',
    '-subj',
    '/CN=eventcast test CA',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
  );
  openssl('req', ...key, '-subj', '/CN=localhost', '-keyout', 'broker.key', '-out', 'broker.csr');
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=DNS:localhost\n');
  const sign = ['-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '1', '-extfile', 'san.ext'];
  openssl('x509', '-req', '-in', 'broker.csr', ...sign, '-out', 'broker.pem');
  return { ca: join(dir, 'ca.pem'), cert: join(dir, 'broker.pem'), key: join(dir, 'broker.key') };
}

describe('a broker over TLS with a private CA', () => {
  let dir: string;
  let broker: PrivateBroker;
  let url: string;
  let ca: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'eventcast-broker-tls-'));
    const files = makeCertificates(dir);
    ca = readFileSync(files.ca, 'utf8');
    broker = await PrivateBroker.startConfigured(dir, (port) =>
      [
        `listener ${port} 127.0.0.1`,
        'allow_anonymous true',
        `certfile ${files.cert}`,
        `keyfile ${files.key}`,
        'user root', // as root, Mosquitto would otherwise run as `mosquitto`, which cannot read the key
      ].join('\n'),
    );
    url = `mqtts://localhost:${broker.port}`;
  });

  afterAll(async () => {
    await broker?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is refused by a client that does not know the CA', async () => {
    const error = await connectAsync(url, { reconnectPeriod: 0, connectTimeout: 3000 }).then(
      async (client) => {
        await client.endAsync(true);
        return undefined;
      },
      (refused: Error) => refused,
    );
    expect(error?.message).toMatch(/certificate/);
  });

  it('is reached by a service given mqtts:// and MQTT_CA_FILE, whose events arrive', async () => {
    const datastore = await ServiceUnderTest.start('datastore', {
      MQTT_URL: url,
      MQTT_CA_FILE: join(dir, 'ca.pem'),
      DATA_DIR: dir,
    });
    const peer = await connectAsync(url, { ca, reconnectPeriod: 0 });
    try {
      const event = new Promise<string>((resolve) => peer.once('message', (topic) => resolve(topic)));
      await peer.subscribeAsync('eventcast/datastore/#', { qos: 1 });
      await datastore.client.POST('/set', { body: { value: { namespace: 'tls', id: 'doc' } } });
      expect(await event).toBe('eventcast/datastore/tls');
    } finally {
      await peer.endAsync(true);
      await datastore.stop();
    }
  });
});
