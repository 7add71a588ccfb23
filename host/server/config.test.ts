import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: resolve('./data'),
      databaseUrl: null,
      adminPassword: null,
      licences: { all: true, keys: [] },
      companyName: 'Sensorium',
      companyLogo: null,
      jwtSecret: null,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 86_400,
      rememberMeRefreshTtlSeconds: 30 * 86_400,
      logLevel: 'info',
      clientDir: join(REPO_ROOT, 'dist/client'),
      seedDemo: false,
      trustProxy: 0,
      objectStorage: null,
      smtpUrl: null,
      redisUrl: null,
      mailFrom: 'Sensorium <no-reply@localhost>',
      otpValidMinutes: 15,
      supportEmail: null,
      publicUrl: null,
      mqtt: {
        url: null,
        username: null,
        password: null,
        host: '127.0.0.1',
        port: 1884,
        deviceUsername: null,
        devicePassword: null,
        clientId: 'sensorium',
        shareGroup: 'sensorium',
        topicPrefix: '',
        ingestConnections: 8,
      },
      metricsToken: null,
      outboundAllow: [],
      maxUplinkBytes: 262_144,
      jobMaintenanceSeconds: 120,
      drainDelaySeconds: 0,
      shutdownGraceSeconds: 25,
    });
  });

  it('reads the shutdown timing and refuses a drain delay that leaves no time for the rest', () => {
    expect(loadConfig({ SENSORIUM_DRAIN_DELAY_SECONDS: '5', SENSORIUM_SHUTDOWN_GRACE_SECONDS: '40' })).toMatchObject({
      drainDelaySeconds: 5,
      shutdownGraceSeconds: 40,
    });
    expect(() => loadConfig({ SENSORIUM_DRAIN_DELAY_SECONDS: '25' })).toThrow(
      'SENSORIUM_DRAIN_DELAY_SECONDS (25) must be shorter than SENSORIUM_SHUTDOWN_GRACE_SECONDS (25)',
    );
    expect(() => loadConfig({ SENSORIUM_SHUTDOWN_GRACE_SECONDS: '0' })).toThrow('SENSORIUM_SHUTDOWN_GRACE_SECONDS');
  });

  it('reads the MQTT variables and switches MQTT off with SENSORIUM_MQTT_PORT=off', () => {
    const external = loadConfig({ MQTT_URL: 'mqtt://broker:1883', MQTT_USERNAME: 'u', MQTT_PASSWORD: 'p' }).mqtt;
    expect(external).toMatchObject({ url: 'mqtt://broker:1883', username: 'u', password: 'p' });
    expect(loadConfig({ SENSORIUM_MQTT_PORT: '0', SENSORIUM_MQTT_DEVICE_PASSWORD: 'secret' }).mqtt).toMatchObject({
      url: null,
      port: 0,
      devicePassword: 'secret',
    });
    expect(loadConfig({ SENSORIUM_MQTT_PORT: 'off' }).mqtt).toBeNull();
    expect(() => loadConfig({ MQTT_URL: 'http://broker' })).toThrow('MQTT_URL');
    expect(() => loadConfig({ SENSORIUM_MQTT_PORT: '70000' })).toThrow('SENSORIUM_MQTT_PORT');
    // Instances of one deployment: their own client ids, one shared-subscription group.
    expect(loadConfig({ SENSORIUM_MQTT_CLIENT_ID: 'console-2' }).mqtt).toMatchObject({
      clientId: 'console-2',
      shareGroup: 'console-2',
    });
    expect(loadConfig({ SENSORIUM_MQTT_CLIENT_ID: 'console-2', SENSORIUM_MQTT_SHARE_GROUP: 'plant' }).mqtt).toMatchObject({
      clientId: 'console-2',
      shareGroup: 'plant',
    });
    expect(() => loadConfig({ SENSORIUM_MQTT_SHARE_GROUP: 'a/b' })).toThrow('SENSORIUM_MQTT_SHARE_GROUP');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      SENSORIUM_DATA_DIR: '/var/lib/sensorium',
      DATABASE_URL: 'postgres://postgres@db:5432/sensorium',
      SENSORIUM_ADMIN_PASSWORD: 'first-password',
      SENSORIUM_LICENCES: 'iot, dashboard',
      SENSORIUM_COMPANY_NAME: 'Acme IoT',
      SENSORIUM_COMPANY_LOGO: 'https://acme.example/logo.png',
      SENSORIUM_JWT_SECRET: 'x'.repeat(32),
      SENSORIUM_ACCESS_TOKEN_TTL: '60',
      SENSORIUM_REFRESH_TOKEN_TTL: '3600',
      SENSORIUM_REMEMBER_ME_TTL: '7200',
      LOG_LEVEL: 'DEBUG',
      SENSORIUM_CLIENT_DIR: '/srv/console',
      SENSORIUM_SEED_DEMO: 'yes',
      SENSORIUM_TRUST_PROXY_HOPS: '1',
      SMTP_URL: 'smtp://mailer:secret@mail.acme.example:587',
      REDIS_URL: 'redis://cache.acme.example:6379/0',
      SENSORIUM_MAIL_FROM: 'Acme IoT <console@acme.example>',
      SENSORIUM_OTP_VALID_MINUTES: '10',
      SENSORIUM_SUPPORT_EMAIL: 'support@acme.example',
      SENSORIUM_PUBLIC_URL: 'https://console.acme.example/',
      SENSORIUM_METRICS_TOKEN: 'scrape-secret',
      SENSORIUM_OUTBOUND_ALLOW: ' 10.0.0.0/8, sensors.local ,',
      SENSORIUM_MAX_UPLINK_BYTES: '65536',
    });
    expect(config).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      dataDir: '/var/lib/sensorium',
      databaseUrl: 'postgres://postgres@db:5432/sensorium',
      adminPassword: 'first-password',
      licences: { all: false, keys: ['iot', 'dashboard'] },
      companyName: 'Acme IoT',
      companyLogo: 'https://acme.example/logo.png',
      jwtSecret: 'x'.repeat(32),
      accessTokenTtlSeconds: 60,
      refreshTokenTtlSeconds: 3600,
      rememberMeRefreshTtlSeconds: 7200,
      logLevel: 'debug',
      clientDir: '/srv/console',
      seedDemo: true,
      trustProxy: 1,
      smtpUrl: 'smtp://mailer:secret@mail.acme.example:587',
      redisUrl: 'redis://cache.acme.example:6379/0',
      mailFrom: 'Acme IoT <console@acme.example>',
      otpValidMinutes: 10,
      supportEmail: 'support@acme.example',
      publicUrl: 'https://console.acme.example',
      metricsToken: 'scrape-secret',
      outboundAllow: ['10.0.0.0/8', 'sensors.local'],
      maxUplinkBytes: 65_536,
    });
  });

  it('refuses a malformed SENSORIUM_OUTBOUND_ALLOW entry, naming the variable', () => {
    expect(() => loadConfig({ SENSORIUM_OUTBOUND_ALLOW: '10.0.0.0/8,10.0.0.0/40' })).toThrow(
      /SENSORIUM_OUTBOUND_ALLOW.*10\.0\.0\.0\/40/,
    );
    expect(() => loadConfig({ SENSORIUM_OUTBOUND_ALLOW: 'http://sensors.local' })).toThrow(/SENSORIUM_OUTBOUND_ALLOW/);
  });

  it('resolves a relative client folder from the repository root, not the working directory', () => {
    expect(loadConfig({ SENSORIUM_CLIENT_DIR: 'build/console' }).clientDir).toBe(join(REPO_ROOT, 'build/console'));
  });

  it('takes a logo file relative to the working directory, and a logo URL as it is', () => {
    expect(loadConfig({ SENSORIUM_COMPANY_LOGO: 'branding/logo.svg' }).companyLogo).toBe(resolve('branding/logo.svg'));
    expect(loadConfig({ SENSORIUM_COMPANY_LOGO: 'http://cdn.example/logo.svg' }).companyLogo).toBe('http://cdn.example/logo.svg');
  });

  it('leaves the geocoder and map tiles to the nodes plugin’s own configuration', () => {
    const config = loadConfig({
      SENSORIUM_GEOCODER_URL: 'https://nominatim.acme.example/',
      SENSORIUM_MAP_TILE_URL: 'https://tiles.acme.example/{z}/{x}/{y}.png',
    });
    expect(config).not.toHaveProperty('geocoderUrl');
    expect(config).not.toHaveProperty('mapTileUrl');
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ PORT: ' ', DATABASE_URL: '', SENSORIUM_LICENCES: '' })).toMatchObject({
      port: 8080,
      databaseUrl: null,
      licences: { all: true, keys: [] },
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['SENSORIUM_ACCESS_TOKEN_TTL', '0'],
    ['SENSORIUM_REFRESH_TOKEN_TTL', '1.5'],
    ['SENSORIUM_REMEMBER_ME_TTL', '30d'],
    ['LOG_LEVEL', 'loud'],
    ['SENSORIUM_SEED_DEMO', 'maybe'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SENSORIUM_JWT_SECRET', 'short'],
    ['SMTP_URL', 'mail.acme.example'],
    ['REDIS_URL', 'cache.acme.example:6379'],
    ['SENSORIUM_OTP_VALID_MINUTES', '0'],
    ['SENSORIUM_PUBLIC_URL', 'console.acme.example'],
  ])('refuses %s=%s with an error naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
  it('turns object storage on with SENSORIUM_S3_ENDPOINT and then requires the bucket and keys', () => {
    const storage = {
      SENSORIUM_S3_ENDPOINT: 'http://minio.local:9000',
      SENSORIUM_S3_BUCKET: 'sensorium',
      SENSORIUM_S3_ACCESS_KEY_ID: 'key',
      SENSORIUM_S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(storage).objectStorage).toEqual({
      endpoint: 'http://minio.local:9000',
      bucket: 'sensorium',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
    expect(() => loadConfig({ ...storage, SENSORIUM_S3_BUCKET: '' })).toThrow(/SENSORIUM_S3_BUCKET/);
    expect(() => loadConfig({ ...storage, SENSORIUM_S3_ENDPOINT: 'minio:9000' })).toThrow(/SENSORIUM_S3_ENDPOINT/);
  });
});
