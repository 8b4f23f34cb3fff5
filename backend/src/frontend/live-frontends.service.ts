import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { LiveFrontends, LiveRemote, RemoteName, RemotesManifest } from '@dentalmarket/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { setUnmetRequirements, type UnmetRequirement } from '../observability/metrics.js';
import { liveShell, resolveRemote, unreachableRemote } from './live-resolution.js';
import { readBuildManifest, readShellManifest } from './manifest-reader.js';

/** How long a check's answer is given again: the admin's tab may be opened by several at once, and reloaded. */
const KEPT_MS = 10_000;
/** The first check: soon after the start, so a deploy with a broken remote is logged without anyone asking, but off the start's path. */
const FIRST_CHECK_MS = 2_000;
/** How often the check runs on its own, so the log and /metrics follow a remote redeployed meanwhile. */
const CHECK_EVERY_MS = 60_000;

/**
 * What is live (issue 33): the shell's build and each remote's, and which copy of each shared module
 * a page gives the remote, read from their mf-manifest.json files. One check at a time, shared by
 * whoever asks meanwhile; each bounded (three remotes, each read within a few seconds, see
 * manifest-reader.ts). A remote whose manifest cannot be read is 'unreachable', never an error.
 */
@Injectable()
export class LiveFrontendsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('LiveFrontends');
  private kept: { at: number; live: LiveFrontends } | undefined;
  private checking: Promise<LiveFrontends> | undefined;
  /** each part's problem as last logged ('' for none), so a problem is logged when it starts or changes, not at every check */
  private readonly logged = new Map<string, string>();
  private readonly stopped = new AbortController();
  private timers: NodeJS.Timeout[] = [];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  onApplicationBootstrap(): void {
    const check = () => void this.check().catch((error: Error) => this.logger.error(`The live check failed: ${error.message}`));
    this.timers = [setTimeout(check, FIRST_CHECK_MS).unref(), setInterval(check, CHECK_EVERY_MS).unref()];
  }

  onModuleDestroy(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    // a check under way stops reading, and says nothing more
    this.stopped.abort();
  }

  /** Where the shell loads each remote from; with `live`, what is live too. */
  async manifest(include: 'live' | undefined): Promise<RemotesManifest> {
    const remotes = { ...this.config.remotes };
    return include === 'live' ? { ...remotes, live: await this.live() } : remotes;
  }

  /** The latest check's answer while it is fresh, else a new check's. */
  live(): Promise<LiveFrontends> {
    if (this.kept && Date.now() - this.kept.at < KEPT_MS) return Promise.resolve(this.kept.live);
    return this.check();
  }

  /** A new check, or the one under way. */
  check(): Promise<LiveFrontends> {
    this.checking ??= this.read()
      .then((live) => {
        this.kept = { at: Date.now(), live };
        this.report(live);
        return live;
      })
      .finally(() => {
        this.checking = undefined;
      });
    return this.checking;
  }

  private async read(): Promise<LiveFrontends> {
    const root = this.config.frontendDistRoot;
    const signal = this.stopped.signal;
    const names = Object.keys(this.config.remotes) as RemoteName[];
    const [shell, ...remotes] = await Promise.all([
      readShellManifest(root, signal).then(
        (manifest) => ({ manifest, error: undefined }),
        (error: Error) => ({ manifest: undefined, error: error.message }),
      ),
      // read where this server reaches each remote (REMOTE_*_SERVER_URL), shown as the shell loads it
      ...names.map((name) =>
        readBuildManifest(this.config.remotesFromServer[name], root, signal).then(
          (manifest) => ({ name, manifest, error: undefined }),
          (error: Error) => ({ name, manifest: undefined, error: error.message }),
        ),
      ),
    ]);
    this.reportChange('shell', shell.error ?? '', () => `The shell's mf-manifest.json could not be read (${shell.error}): the modules it shares are unknown`, "The shell's mf-manifest.json is read again");
    const provided = shell.manifest?.shared ?? [];
    return {
      checkedAt: new Date().toISOString(),
      shell: liveShell(shell.manifest),
      remotes: remotes.map(({ name, manifest, error }) =>
        manifest ? resolveRemote(name, this.config.remotes[name], provided, manifest) : unreachableRemote(name, this.config.remotes[name], error!),
      ),
    };
  }

  /** The log and /metrics follow each check: a remote's unmet requirements, logged when they change. */
  private report(live: LiveFrontends): void {
    if (this.stopped.signal.aborted) return;
    for (const remote of live.remotes) {
      // unreachable: nothing new is known of its requirements, so the gauge keeps what was
      if (remote.status !== 'unreachable') setUnmetRequirements(remote.name, unmetRequirements(remote, live.shell));
      const problem = remote.status === 'ok' ? '' : remote.status === 'unmet' ? `unmet ${remote.unmet.join('; ')}` : 'unreachable';
      this.reportChange(
        remote.name,
        problem,
        () =>
          remote.status === 'unmet'
            ? `Remote ${remote.name} is not loaded: the shell cannot meet ${remote.unmet.join('; ')}`
            : `Remote ${remote.name}'s mf-manifest.json (${this.config.remotesFromServer[remote.name]}) could not be read: ${remote.error}`,
        `Remote ${remote.name}: the shell meets every requirement`,
      );
    }
  }

  private reportChange(part: string, problem: string, warning: () => string, resolved: string): void {
    if (this.stopped.signal.aborted || problem === (this.logged.get(part) ?? '')) return;
    this.logged.set(part, problem);
    if (problem) this.logger.warn(warning());
    else this.logger.log(resolved);
  }
}

function unmetRequirements(remote: LiveRemote, shell: LiveFrontends['shell']): UnmetRequirement[] {
  return remote.shared
    .filter((module) => module.source === 'unmet')
    .map((module) => ({ module: module.name, required: module.asked, provided: shell.shared.find((own) => own.name === module.name)?.version ?? '' }));
}
