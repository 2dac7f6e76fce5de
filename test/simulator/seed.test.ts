// The seed file is valid and in the spec's formats; a bad seed is refused with the failing path.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSeed } from '../../simulator/seed/load-seed';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sim-seed-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('seed', () => {
  it('has the API user, three agents with Spanish names, campaigns of every kind and two dialers', async () => {
    const seed = await loadSeed();
    expect(seed.apiUsers.map((u) => u.user)).toEqual(['supervisor']);
    expect(seed.agents.map((a) => [a.userName, a.phone])).toEqual([['ana.garcia', '1001'], ['bruno.diaz', '1002'], ['carla.mendez', '1003']]);
    expect(seed.campaigns.map((c) => c.name)).toEqual(['Soporte<-', 'Cobranzas->', 'Encuestas->', 'Manual->']);
    expect(seed.campaigns.find((c) => c.name === 'Manual->')?.did).not.toBe('');
    expect(seed.dialers.map((d) => d.campaign)).toEqual(['Cobranzas->', 'Encuestas->']);
    expect(seed.pbx).toEqual({
      transfersRefused: [], blindTransferFinal: 'early', transfererByeWaitMs: 60_000,
      outsideParties: { busy: ['26000486'], noAnswer: ['26000480'], answerAfterMs: 2_000, ringTimeoutMs: 45_000 },
      echoExtension: '*43',
    });
  });

  it('fills in the pbx section when a seed has none, and refuses one that names an unknown campaign', async () => {
    const seed = await loadSeed();
    const file = join(dir, 'pbx.json');
    const { pbx: _pbx, ...withoutPbx } = seed;
    await writeFile(file, JSON.stringify(withoutPbx));
    expect((await loadSeed(file)).pbx).toMatchObject({ blindTransferFinal: 'early', outsideParties: { busy: [], noAnswer: [] } });
    await writeFile(file, JSON.stringify({ ...seed, pbx: { ...seed.pbx, transfersRefused: ['Nope->'] } }));
    await expect(loadSeed(file)).rejects.toThrow(/transfersRefused|unknown campaign Nope->/);
  });

  it('refuses a seed with a value in the wrong format, naming the field', async () => {
    const seed = await loadSeed();
    const bad = structuredClone(seed);
    bad.campaigns[0]!.schedule = 'every day';
    const file = join(dir, 'bad.json');
    await writeFile(file, JSON.stringify(bad));
    await expect(loadSeed(file)).rejects.toThrow(/campaigns.*schedule|schedule/);
    await writeFile(file, '{');
    await expect(loadSeed(file)).rejects.toThrow(/is JSON/);
  });
});
