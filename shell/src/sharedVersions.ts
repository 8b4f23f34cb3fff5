/**
 * Issue 33: the federation runtime's refusal to hand a remote a singleton whose version does not
 * satisfy it (every build marks its singletons strictVersion: libs/mf-config/shared.js), i.e. the
 * remote was deployed before the shell it needs. Its message names the module, the version this page
 * has, the remote and what it needs; the console shows it as it is. Read from the runtime's wording
 * (@module-federation/enhanced is pinned; sharedVersions.spec.ts runs the runtime's own check), so
 * no code of ours runs on every page for it.
 */
export const isUnmetRequirement = (error: unknown): boolean => /does not satisfy the requirement of/.test(String((error as Error | null)?.message));

/** The module a refusal names (for the server render's count: backend/src/frontend/server-render.ts). */
export function unmetModule(error: unknown): string | null {
  return / of shared singleton module (\S+) does not satisfy the requirement of /.exec(String((error as Error | null)?.message))?.[1] ?? null;
}
