/**
 * The software bill of materials (issue 14, "Supply chain"): `npm run sbom` writes a CycloneDX 1.6 JSON document of
 * the installed dependency tree (`sbom.cdx.json`, not committed: it is generated from the lock file's install, e.g.
 * for a release). Proven here by running the script itself into a temporary file: every component has a package URL,
 * and every runtime dependency of package.json is in it at its pinned version.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

type Bom = {
  bomFormat: string;
  specVersion: string;
  metadata: { component: { name: string; type: string } };
  components: { name: string; group?: string; version: string; purl?: string }[];
};

it('npm run sbom writes a CycloneDX bill of materials with a purl for every component', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-sbom-'));
  const file = path.join(dir, 'sbom.cdx.json');
  // A git worktree that links another checkout's node_modules (how parallel sessions work here) is a tree `npm ls`
  // calls invalid (every package "extraneous"); the document is still complete, so only there npm's verdict is waived.
  const linked = fs.lstatSync('node_modules').isSymbolicLink();
  const result = spawnSync(
    'npm',
    ['run', '--silent', 'sbom', '--', ...(linked ? ['--ignore-npm-errors'] : []), '--output-file', file],
    { encoding: 'utf8' },
  );
  try {
    expect(result.status, result.stderr).toBe(0);
    const bom = JSON.parse(fs.readFileSync(file, 'utf8')) as Bom;
    expect(bom.bomFormat).toBe('CycloneDX');
    expect(bom.specVersion).toBe('1.6');
    expect(bom.metadata.component).toMatchObject({ name: 'parkshop', type: 'application' });
    expect(bom.components.length).toBeGreaterThan(100);
    for (const component of bom.components) expect(component.purl, component.name).toMatch(/^pkg:npm\//);
    const purls = new Set(bom.components.map((c) => c.purl!.split('?')[0]));
    const manifest = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
    for (const [name, version] of Object.entries(manifest.dependencies))
      expect(purls, name).toContain(`pkg:npm/${name.replace('@', '%40')}@${version}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
