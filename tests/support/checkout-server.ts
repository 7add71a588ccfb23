import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';

/** A port nothing listens on at the moment of asking. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

/**
 * The console's server as an operator runs it: `host/server/main.ts` of a checkout (this one or a release's), in a
 * process of its own, configured by the environment only. Its output is kept for the error of a failed start.
 */
export class CheckoutServer {
  private child: ChildProcess | null = null;
  log = '';

  constructor(
    private readonly checkout: string,
    /** Set on top of this process's environment; give DATABASE_URL always ('' for PGlite), so none is inherited. */
    private readonly env: Record<string, string>,
    readonly url: string,
  ) {}

  /** Starts it and waits until the API answers, which it does once migrations and plugins are done. */
  async start(): Promise<void> {
    this.log = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'host/server/main.ts'], {
      cwd: this.checkout,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    // Generous: a first start compiles the whole server from source, which a loaded 2-core machine takes long over.
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`The server in ${this.checkout} exited (${child.exitCode}):\n${this.log}`);
      const answered = await fetch(`${this.url}/api/system/info`).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) return;
      await new Promise((done) => setTimeout(done, 250));
    }
    await this.stop();
    throw new Error(`The server in ${this.checkout} did not answer within 180 s:\n${this.log}`);
  }

  /** SIGKILL, as a crash or the OOM killer ends it: no drain, nothing closed. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM, as systemd stops it; answers the exit code (null when it had to be killed after 60 s). */
  async stop(): Promise<number | null> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  }
}
