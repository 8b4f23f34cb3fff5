// Which build a frontend is, in its mf-manifest.json (issue 33: what is live, /api/mf-manifest?include=live).
import { buildInfo } from './shared.js';

const build = buildInfo();

/** The manifest's additionalData: its buildInfo gains the commit and the time of the build (buildVersion: the commit). */
export function withBuildInfo({ stats }) {
  stats.metaData.buildInfo = { ...stats.metaData.buildInfo, buildVersion: build.commit, ...build };
  return stats;
}
