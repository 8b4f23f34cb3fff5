// A PostgreSQL cluster of its own (Debian's pg_createcluster, trust on loopback, a free port), so
// the resilience bench and the outage tests can stop and start "the database server" without
// touching the machine's main cluster. Dropped with drop().
import { execFileSync } from 'node:child_process';
import net from 'node:net';

/** A port nothing listens on right now (the cluster takes it a moment later). */
export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** { url (database `dentalmarket`), port, version, cluster, dataDir, stop(), start(), drop() } */
export async function privateCluster(name) {
  const version = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' }).trim().split(/\s+/)[0];
  const cluster = `${name}_${process.pid}`;
  const port = await freePort();
  const ctl = (action) => execFileSync('pg_ctlcluster', [version, cluster, action, ...(action === 'stop' ? ['-m', 'fast'] : [])], { stdio: 'ignore' });
  execFileSync('pg_createcluster', [version, cluster, '--port', String(port), '--', '--auth=trust'], { stdio: 'ignore' });
  ctl('start');
  const dataDir = execFileSync('pg_lsclusters', ['--no-header', version, cluster], { encoding: 'utf8' }).trim().split(/\s+/)[5];
  execFileSync('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-qc', 'CREATE DATABASE dentalmarket'], { stdio: 'ignore' });
  return {
    url: `postgres://postgres@127.0.0.1:${port}/dentalmarket`,
    port,
    version,
    cluster,
    dataDir,
    stop: () => ctl('stop'),
    start: () => ctl('start'),
    drop: () => execFileSync('pg_dropcluster', [version, cluster, '--stop'], { stdio: 'ignore' }),
  };
}
