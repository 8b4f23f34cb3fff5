// A streaming replica of a private cluster (private-cluster.mjs), on this machine: a second Debian
// cluster whose data directory is replaced by `pg_basebackup -R` of the primary (standby.signal and
// primary_conninfo written by -R), started on a port of its own. Replay can be paused and resumed
// (pg_wal_replay_pause / pg_wal_replay_resume) to make lag on purpose. Dropped with drop().
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { freePort } from './private-cluster.mjs';

/** Runs a PostgreSQL tool as the `postgres` user (the clusters' owner) when this process is root. */
function asPostgres(command, args) {
  const [file, argv] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  try {
    execFileSync(file, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    throw new Error(`${command} failed: ${error.stderr?.toString().trim() || error.message}`);
  }
}

/** One statement on a connection of its own: its rows. */
export async function sql(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** { url, port, cluster, dataDir, pause(), resume(), stop(), start(), drop() } for a replica of `primary` (a privateCluster). */
export async function privateReplica(primary, name) {
  const cluster = `${name}_${process.pid}`;
  const port = await freePort();
  const ctl = (action) => execFileSync('pg_ctlcluster', [primary.version, cluster, action, ...(action === 'stop' ? ['-m', 'fast'] : [])], { stdio: 'ignore' });
  execFileSync('pg_createcluster', [primary.version, cluster, '--port', String(port), '--', '--auth=trust'], { stdio: 'ignore' });
  const drop = () => execFileSync('pg_dropcluster', [primary.version, cluster, '--stop'], { stdio: 'ignore' });
  let dataDir;
  try {
    dataDir = execFileSync('pg_lsclusters', ['--no-header', primary.version, cluster], { encoding: 'utf8' }).trim().split(/\s+/)[5];
    // emptied, not removed: the directory stays the postgres user's (its parent may be root's)
    for (const entry of fs.readdirSync(dataDir)) fs.rmSync(`${dataDir}/${entry}`, { recursive: true, force: true });
    asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', dataDir, '-R', '-X', 'stream', '-c', 'fast']);
    ctl('start');
  } catch (error) {
    drop();
    throw error;
  }
  const url = `postgres://postgres@127.0.0.1:${port}/dentalmarket`;
  return {
    url,
    port,
    cluster,
    dataDir,
    pause: () => sql(url, 'SELECT pg_wal_replay_pause()'),
    resume: () => sql(url, 'SELECT pg_wal_replay_resume()'),
    stop: () => ctl('stop'),
    start: () => ctl('start'),
    drop,
  };
}
