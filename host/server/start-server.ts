import 'reflect-metadata';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import { openFileStore } from './files/open-file-store';
import { createOutboundRequests } from './outbound';
import { redactTokens, serializeErrorForLog } from './http/log-redaction';
import { databaseRateLimitStore } from './http/database-rate-limit-store';
import Fastify, { type FastifyInstance } from 'fastify';
import { container as globalContainer, type DependencyContainer } from 'tsyringe';
import type { Token } from '@sensorium/core/common';
import {
  AuditLogToken,
  FileStoreToken,
  ConsoleSettingsToken,
  type ConsoleSettings,
  contentSources,
  credentialVerifiers,
  DatabaseToken,
  DataSourceDirectoryToken,
  DEFAULT_MAX_UPLINK_BYTES,
  dataSourceAdapters,
  DataSourceSinkToken,
  DeviceOwnersToken,
  type DeviceOwners,
  LoggerToken,
  MetricsToken,
  MqttToken,
  OrganisationDirectoryToken,
  OutboundRequestsToken,
  routeScopes,
  deviceTagSources,
  type DataSourceSink,
  demoSeeders,
  HttpError,
  JobQueueToken,
  logContextMixin,
  MailerToken,
  PushHubToken,
  ClusterBusToken,
  SessionRevocationToken,
  UserDirectoryToken,
  type ServerConfig,
  type ServerPlugin,
} from '@sensorium/core/server';
import packageJson from '../../package.json';
import { DatabaseAuditLog } from './audit/database-audit-log';
import { AccessSessions, accessTokenVerifier, createAuthenticator, pluginCredentialVerifier } from './auth/authenticate';
import { createFirstAdmin, jwtSecret } from './auth/bootstrap';
import { authServerResources } from './auth/i18n';
import { LoginThrottle } from './auth/login-throttle';
import { DatabaseOrganisationDirectory } from './auth/organisations';
import { SecondFactor } from './auth/second-factor';
import { SessionLiveness } from './auth/session-liveness';
import { sessionRoutes } from './auth/session-routes';
import { SessionService } from './auth/sessions';
import { SessionTokens } from './auth/tokens';
import { DatabaseUserDirectory } from './auth/user-directory';
import { openDatabase } from './db/connection';
import { runMigrations } from './db/migrate';
import { migrationSources } from './db/migration-sources';
import { installErrorReplies } from './http/error-replies';
import { acceptEmptyJsonBodies } from './http/json-body';
import { createMetrics, installMetrics } from './http/metrics';
import { registerBacklogMetrics } from './http/metrics-backlog';
import { registerOpenApi } from './http/openapi';
import { auditedAnonymousFailureCap } from './http/anonymous-failure-cap';
import { registerRoute } from './http/register-route';
import { registerSecurityHeaders } from './http/security-headers';
import { registerClient } from './http/static-client';
import { registerCompression } from './http/compression';
import { coreServerResources, createTranslator } from './i18n/translator';
import { startDemoSimulation } from './data-sources/demo-simulation';
import { AdapterDirectory } from './data-sources/directory';
import { PgBossJobQueue } from './jobs/job-queue';
import { JobRunner } from './jobs/job-runner';
import { MailOutbox } from './mail/outbox';
import { smtpTransport } from './mail/smtp-transport';
import { createMqttService, OrganisationCredentials } from './mqtt';
import { mqttCredentialRoutes } from './mqtt/credential-routes';
import { allPermissions, selectPlugins } from './plugin-host/select-plugins';
import { CORE_SERVICE_TOKENS } from './plugin-host/declared-services';
import { RouteTable, type OwnedRoute } from './plugin-host/route-table';
import { licensedValues, wirePlugins } from './plugin-host/wire-plugins';
import { serverPlugins } from './plugins';
import { WebSocketPushHub } from './push/push-hub';
import { openClusterBus } from './cluster';
import { seedDemoData } from './system/demo-seeding';
import { registerHealthCheck } from './system/health';
import { Readiness, type BrokerState } from './system/readiness';
import { installRequestIds, requestId } from './system/request-ids';
import { SystemSettings } from './system/settings';
import { systemRoutes } from './system/system-routes';

export interface RunningServer {
  /** Where the server listens, with the real port when the configured one was 0. */
  url: string;
  app: FastifyInstance;
  /** The root container holding core's services (plugins' services are theirs and their dependants' only). */
  container: DependencyContainer;
  /** Every API route of core and the running plugins: the tenancy matrix test walks it. */
  routes: readonly OwnedRoute[];
  /** A service of core or one a plugin provided, for tests and tools outside the plugins. */
  resolve<T>(token: Token<T>): T;
  /** Each running plugin's configuration object, by plugin id: tests change settings such as a device server's URL. */
  pluginConfigs: ReadonlyMap<string, object>;
  /** What /readyz answers; `draining` turns on when close() begins. */
  readiness: Readiness;
  /**
   * Shuts down gracefully: draining (/readyz 503, no more uplinks taken, those taken committed and acknowledged), the
   * drain delay (SENSORIUM_DRAIN_DELAY_SECONDS, requests still served), push sockets closed with "server restarting", then
   * HTTP (in-flight requests finish), jobs, the broker, data sources, plugin onClose hooks (reverse order), the database.
   */
  close(): Promise<void>;
}

function listeningUrl(app: FastifyInstance, host: string): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shownHost}:${port}`;
}

/**
 * Starts the console's server: database and migrations, core services, the plugins whose licence is on, the API under /api,
 * the push WebSocket, jobs, docs, metrics and the built console. Any wiring error stops start-up and releases what was opened.
 */
export async function startServer(config: ServerConfig, plugins: ServerPlugin[] = serverPlugins): Promise<RunningServer> {
  const selection = selectPlugins(plugins, config.licences);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // The running request's, ingest batch's or job's ids on every line (core/server/logger.ts).
      mixin: logContextMixin,
      serializers: {
        req: (request) => ({
          method: request.method,
          url: redactTokens(request.url),
          remoteAddress: request.ip,
        }),
        err: serializeErrorForLog,
      },
    },
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: requestId,
    // Trust exactly the configured number of proxy hops; with none, X-Forwarded-For is ignored.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
  });
  for (const { id, reason } of selection.skipped) app.log.info({ plugin: id }, `plugin not started: ${reason}`);

  // What to undo, pushed as things open; run last-first on close or on a failed start.
  const openedSteps: (() => Promise<unknown>)[] = [];
  const undo = async () => {
    for (const step of openedSteps.splice(0).reverse()) {
      await step().catch((error: unknown) => app.log.error({ err: error }, 'error while shutting down'));
    }
  };

  try {
    const connection = await openDatabase(config, (error) => app.log.error({ err: error }, 'database connection error'));
    openedSteps.push(() => connection.close());
    const applied = await runMigrations(connection, migrationSources(selection.installed));
    if (applied.length > 0) {
      app.log.info({ migrations: applied.map((step) => `${step.pluginId}/${step.migrationId}`) }, 'migrations applied');
    }

    const { db } = connection;
    // The migrations returned. The broker is looked at once it exists; /readyz answers only once the server listens.
    let brokerState: () => BrokerState = () => 'disconnected';
    const readiness = new Readiness(db, () => brokerState());
    readiness.migrated = true;
    const settings = new SystemSettings(db);
    const users = new DatabaseUserDirectory(db, allPermissions(selection.installed));
    const audit = new DatabaseAuditLog(db);
    const anonymousFailures = auditedAnonymousFailureCap(audit, (error) =>
      app.log.error({ err: error }, 'audit record not written'),
    );
    openedSteps.push(() => anonymousFailures.close());
    const clusterBus = await openClusterBus(config, app.log);
    openedSteps.push(() => clusterBus.close());
    const pushHub = new WebSocketPushHub(clusterBus);
    const secret = await jwtSecret(config.jwtSecret, settings);
    const tokens = new SessionTokens(secret, config.accessTokenTtlSeconds);
    const outbox = new MailOutbox(db, config.smtpUrl ? smtpTransport(config.smtpUrl) : null, config.mailFrom, app.log);
    openedSteps.push(() => outbox.close());
    const secondFactor = new SecondFactor(db, outbox, secret, config.otpValidMinutes);
    const sessions = new SessionService(db, tokens, users, {
      refreshSeconds: config.refreshTokenTtlSeconds,
      rememberMeSeconds: config.rememberMeRefreshTtlSeconds,
    });
    const liveness = new SessionLiveness(db);
    const accessSessions = new AccessSessions(tokens, liveness, users);
    users.onSessionUsersChanged(() => accessSessions.forgetUsers());
    sessions.onRevoked((revoked) => {
      liveness.clear();
      pushHub.endSessions(revoked);
    });
    await createFirstAdmin(db, users, config.adminPassword, app.log);

    const metrics = createMetrics();
    registerBacklogMetrics(metrics.metrics, db, app.log);
    const mqttCredentials = new OrganisationCredentials(db);
    const mqtt = await createMqttService(
      config.mqtt,
      settings,
      app.log,
      config.maxUplinkBytes ?? DEFAULT_MAX_UPLINK_BYTES,
      mqttCredentials,
      metrics.metrics,
    );
    brokerState = () => mqtt.state();
    const dataSources = new AdapterDirectory();
    const jobQueue = new PgBossJobQueue(
      connection.pglite ? { pglite: connection.pglite } : { postgresUrl: config.databaseUrl ?? '' },
      app.log,
      { pollingIntervalSeconds: 2, maintenanceIntervalSeconds: config.jobMaintenanceSeconds ?? 120 },
    );
    const root = globalContainer.createChildContainer();
    const coreServices: [Token<unknown>, unknown][] = [
      [DatabaseToken, db],
      [
        ConsoleSettingsToken,
        {
          companyName: config.companyName,
          version: packageJson.version,
          supportEmail: config.supportEmail,
          otpValidMinutes: config.otpValidMinutes,
          maxUplinkBytes: config.maxUplinkBytes ?? DEFAULT_MAX_UPLINK_BYTES,
          publicUrl: () => config.publicUrl ?? '',
        } satisfies ConsoleSettings,
      ],
      [PushHubToken, pushHub],
      [ClusterBusToken, clusterBus],
      [AuditLogToken, audit],
      [UserDirectoryToken, users],
      [OrganisationDirectoryToken, new DatabaseOrganisationDirectory(db)],
      [SessionRevocationToken, sessions],
      [MailerToken, outbox],
      [FileStoreToken, await openFileStore(config)],
      [MqttToken, mqtt],
      [MetricsToken, metrics.metrics],
      [DataSourceDirectoryToken, dataSources],
      [LoggerToken, app.log],
      [OutboundRequestsToken, createOutboundRequests(config.outboundAllow)],
      [JobQueueToken, jobQueue],
    ];
    for (const [token, value] of coreServices) root.register(token, { useValue: value });

    const routes = new RouteTable();
    const coreRoutes = [
      ...sessionRoutes({ users, sessions, tokens, throttle: new LoginThrottle(db), audit, secondFactor }),
      ...systemRoutes(
        config,
        selection.running.map((plugin) => plugin.manifest.id),
      ),
      ...mqttCredentialRoutes(db, mqtt, mqttCredentials),
    ];
    for (const route of coreRoutes) routes.add({ pluginId: 'core', route });
    const closeHooks: (() => Promise<void> | void)[] = [];
    const drainHooks: (() => void)[] = [];
    openedSteps.push(async () => {
      for (const hook of closeHooks.reverse()) {
        await Promise.resolve(hook()).catch((error: unknown) => app.log.error({ err: error }, 'plugin onClose failed'));
      }
    });
    const wired = await wirePlugins(selection.running, {
      root,
      coreTokens: CORE_SERVICE_TOKENS,
      licences: config.licences,
      routes,
      closeHooks,
      drainHooks,
    });
    // Queues exist before anything can send to them; the queue stops before plugins' onClose hooks and the database.
    openedSteps.push(() => jobQueue.stop());
    await jobQueue.start();
    dataSources.fill(licensedValues(wired.registry, config.licences, dataSourceAdapters));
    const sink = wired.provided.get(DataSourceSinkToken) as DataSourceSink | undefined;
    if (sink) {
      const stopDataSources = await dataSources.start(sink, app.log);
      openedSteps.push(stopDataSources);
    }
    // The broker opens once the adapters consume (no uplink is acknowledged before one takes it) and closes first.
    await mqtt.listen((wired.provided.get(DeviceOwnersToken) as DeviceOwners | undefined) ?? null);
    openedSteps.push(() => mqtt.close());
    const translator = createTranslator([coreServerResources, authServerResources, ...wired.i18n]);
    const authenticate = createAuthenticator([
      accessTokenVerifier(accessSessions),
      ...licensedValues(wired.registry, config.licences, credentialVerifiers).map((verifier) =>
        pluginCredentialVerifier(verifier, users),
      ),
    ]);

    // Without SMTP every message is kept, so there is nothing to deliver.
    const mailJobs = config.smtpUrl ? [outbox.job()] : [];
    const jobs = new JobRunner(db, [...mailJobs, ...wired.jobs.map((owned) => owned.job)], app.log);
    openedSteps.push(() => jobs.close());
    openedSteps.push(() => app.close());
    registerSecurityHeaders(
      app,
      config.companyLogo,
      config.objectStorage?.endpoint ?? null,
      licensedValues(wired.registry, config.licences, contentSources).flatMap((sources) => sources.imgSrc),
    );
    await app.register(rateLimit, {
      global: false,
      // Counted in PostgreSQL, which several instances may share; PGlite serves one instance, which counts in memory.
      ...(connection.backend === 'postgres' ? { store: databaseRateLimitStore(db) } : {}),
      errorResponseBuilder: () => new HttpError(429, 'errors.tooManyRequests'),
    });
    await app.register(websocket);
    await registerCompression(app);
    await registerOpenApi(app, { title: `${config.companyName} API`, version: packageJson.version });
    acceptEmptyJsonBodies(app);
    installRequestIds(app);
    installMetrics(app, metrics.registry, config.metricsToken ?? null);
    registerHealthCheck(app, db, readiness);
    const pageFallback = config.clientDir ? await registerClient(app, config.clientDir) : undefined;
    installErrorReplies(app, translator, pageFallback);
    pushHub.register(app, accessSessions);
    const scopes = new Map(licensedValues(wired.registry, config.licences, routeScopes).map((scope) => [scope.kind, scope]));
    const deviceTags = licensedValues(wired.registry, config.licences, deviceTagSources);
    const routeServices = { licences: config.licences, translator, audit, authenticate, scopes, deviceTags, anonymousFailures };
    for (const owned of routes.list()) registerRoute(app, owned, routeServices);

    if (config.seedDemo) await seedDemoData(licensedValues(wired.registry, config.licences, demoSeeders), settings, app.log);

    await app.listen({ port: config.port, host: config.host });
    jobs.start();
    // Stopped first on shutdown: it waits for its uplinks' acknowledgements, which a draining broker no longer gives.
    const stopSimulation = config.seedDemo ? await startDemoSimulation(mqtt, app.log, wired.registry, config.licences) : null;

    const url = listeningUrl(app, config.host);
    // Links in e-mails (password reset) point here unless SENSORIUM_PUBLIC_URL says otherwise.
    config.publicUrl ??= url;
    app.log.info({ url, plugins: selection.running.map((plugin) => plugin.manifest.id) }, 'Sensorium server started');
    const drainDelayMs = (config.drainDelaySeconds ?? 0) * 1000;
    const shutdown = async () => {
      readiness.draining = true;
      app.log.info({ drainDelaySeconds: drainDelayMs / 1000 }, 'draining: /readyz answers 503, no more uplinks are taken');
      await stopSimulation?.().catch((error: unknown) => app.log.error({ err: error }, 'demo simulation did not stop'));
      // What the broker took is committed and acknowledged meanwhile; load balancers see /readyz fail and move away.
      const drained = mqtt.drain().catch((error: unknown) => app.log.error({ err: error }, 'MQTT drain failed'));
      await Promise.all([drained, new Promise((resolve) => setTimeout(resolve, drainDelayMs))]);
      pushHub.closeForRestart();
      for (const hook of drainHooks) hook();
      await undo();
      app.log.info('shutdown complete');
    };
    let closing: Promise<void> | null = null;
    const resolveService = <T>(token: Token<T>): T =>
      wired.provided.has(token) ? (wired.provided.get(token) as T) : root.resolve(token);
    return {
      url,
      app,
      container: root,
      routes: routes.list(),
      resolve: resolveService,
      pluginConfigs: wired.configs,
      readiness,
      close: () => (closing ??= shutdown()),
    };
  } catch (error) {
    await undo();
    throw error;
  }
}
