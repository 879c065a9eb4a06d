import { expect } from 'chai';
import { openDB } from 'idb';
import { MemoryEngine } from '../../src/memory/memory-engine.js';
import { SCHEMA_VERSION, databaseName } from '../../src/memory/vector-store.js';
import { deleteStore, uniqueName } from './helpers.js';

interface Fixture {
  state: { schemaVersion: number; dimensions: number; count: number; chunkSize: number; embedder: string };
  vectors: { chunk: number; count: number; vectors: number[] }[];
  docs: { chunk: number; ids: string[]; texts: string[]; metas: (Record<string, unknown> | null)[] }[];
}

async function fixture(): Promise<Fixture> {
  return (await fetch(new URL('./fixtures/memory-v1.json', import.meta.url))).json() as Promise<Fixture>;
}

/** Writes the fixture the way schema 1 lays it out, without going through the engine. */
async function writeRaw(name: string, data: Fixture): Promise<void> {
  const db = await openDB(databaseName(name), 1, {
    upgrade(database) {
      database.createObjectStore('state');
      database.createObjectStore('vectors', { keyPath: 'chunk' });
      database.createObjectStore('docs', { keyPath: 'chunk' });
    },
  });
  const tx = db.transaction(['state', 'vectors', 'docs'], 'readwrite');
  await tx.objectStore('state').put(data.state, 'state');
  for (const record of data.vectors) await tx.objectStore('vectors').put({ ...record, vectors: new Blob([Float32Array.from(record.vectors)]) });
  for (const record of data.docs) await tx.objectStore('docs').put(record);
  await tx.done;
  db.close();
}

describe('vector store (persisted schema)', () => {
  it('is at schema version 1, the version of the saved fixture', async () => {
    expect(SCHEMA_VERSION).to.equal((await fixture()).state.schemaVersion);
  });

  it('loads a memory saved in schema version 1', async () => {
    const name = uniqueName('fixture');
    const data = await fixture();
    await writeRaw(name, data);
    // No chunkSize given: the stored one (2) must be used to read the records.
    const memory = new MemoryEngine({ name, dimensions: 4 });
    try {
      expect(await memory.count()).to.equal(3);
      const hits = await memory.search(new Float32Array([0, 0, 1, 1]), { k: 3 });
      expect(hits[0]).to.deep.include({ id: 'up', text: 'points mostly up' });
      expect(hits[0]!.score).to.be.closeTo(1.4 / Math.SQRT2, 1e-6);
      const east = await memory.search(new Float32Array([1, 0, 0, 0]), { k: 1 });
      expect(east[0]?.meta).to.deep.equal({ tags: ['axis'] });
    } finally {
      memory.close();
      await deleteStore(name);
    }
  });

  it('writes the layout of the fixture: chunk records, kept count, version', async () => {
    const name = uniqueName('layout');
    const memory = new MemoryEngine({ name, dimensions: 4, chunkSize: 2 });
    const data = await fixture();
    await memory.add([
      { id: 'east', text: 'points east', vector: [2, 0, 0, 0], meta: { tags: ['axis'] } },
      { id: 'north', text: 'points north', vector: [0, 3, 0, 0] },
      { id: 'up', text: 'points mostly up', vector: [0, 0, 3, 4] },
    ]);
    memory.close();
    const db = await openDB(databaseName(name), 1);
    try {
      const state = await db.get('state', 'state');
      expect({ ...state, embedder: data.state.embedder }).to.deep.equal(data.state);
      const records = (await db.getAll('vectors')) as { chunk: number; count: number; vectors: Blob }[];
      const vectors = await Promise.all(
        records.map(async (r) => ({ ...r, vectors: Array.from(new Float32Array(await r.vectors.arrayBuffer()), (x) => Math.round(x * 1e6) / 1e6) })),
      );
      expect(vectors).to.deep.equal(data.vectors);
      expect(await db.getAll('docs')).to.deep.equal(data.docs);
    } finally {
      db.close();
      await deleteStore(name);
    }
  });

  it('refuses a memory saved by a newer schema with a storage error', async () => {
    const name = uniqueName('newer');
    const data = await fixture();
    await writeRaw(name, { ...data, state: { ...data.state, schemaVersion: SCHEMA_VERSION + 1 } });
    const memory = new MemoryEngine({ name, dimensions: 4, chunkSize: 2 });
    try {
      const err = (await memory.count().catch((e: unknown) => e)) as { code?: string };
      expect(err.code).to.equal('storage');
    } finally {
      memory.close();
      await deleteStore(name);
    }
  });
});
