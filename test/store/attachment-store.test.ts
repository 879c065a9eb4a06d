// The thread database's version 4: the `attachments` store (bytes as Blobs, key
// [thread, id]), reached from a database of every earlier version by upgrading
// in place, its threads kept; attachments replaced with an import and deleted
// with their thread.
import { expect } from 'chai';
import { openDB } from 'idb';
import { ThreadStore, readThread } from '../../src/store/thread-store.js';

const fixture = async (version: number) => (await (await fetch(new URL(`../fixtures/thread-schema-${version}.json`, import.meta.url))).json()) as unknown;
const dbName = () => `test-attachments-${crypto.randomUUID()}`;
const text = async (blob: Blob | undefined) => blob && (await blob.text());

/** A database as pageloop left it at `version` (1: whole records; 2: split records; 3: and traces), holding one thread. */
async function oldDatabase(version: 1 | 2 | 3): Promise<{ name: string; id: string }> {
  const name = dbName();
  if (version === 1) {
    const v1 = await openDB(name, 1, { upgrade: (db) => db.createObjectStore('threads', { keyPath: 'id' }) });
    await v1.put('threads', await fixture(1));
    v1.close();
    return { name, id: 'saved-thread' };
  }
  const record = readThread(await fixture(2));
  const db = await openDB(name, version, {
    upgrade(d) {
      d.createObjectStore('threads', { keyPath: 'id' });
      d.createObjectStore('messages', { keyPath: ['thread', 'index'] });
      d.createObjectStore('events', { keyPath: ['thread', 'seq'] });
      if (version === 3) d.createObjectStore('traces', { keyPath: 'thread' });
    },
  });
  await db.put('threads', { schema: 2, id: record.id, title: record.title, createdAt: 1, updatedAt: 2, messageCount: record.messages.length, nextSeq: 1 });
  for (const [index, message] of record.messages.entries()) await db.put('messages', { thread: record.id, index, message });
  await db.put('events', { thread: record.id, seq: 0, events: record.events });
  db.close();
  return { name, id: record.id };
}

describe('thread store: attachments (database version 4)', () => {
  for (const version of [1, 2, 3] as const) {
    it(`upgrades a version-${version} database in place: its thread loads, and attachments are stored, read and deleted with it`, async () => {
      const { name, id } = await oldDatabase(version);
      const store = new ThreadStore(name);
      const before = (await store.load(id))!;
      expect(before.messages.length).to.be.greaterThan(0);
      await store.putAttachments(id, [{ id: 'a1', data: new Blob(['month,total'], { type: 'text/csv' }) }, { id: 'a2', data: new Blob(['small']), original: new Blob(['the original']) }]);
      await store.putAttachments('other-thread', [{ id: 'a1', data: new Blob(['not this one']) }]);
      expect(await text((await store.getAttachment(id, 'a1'))?.data)).to.equal('month,total');
      expect((await store.getAttachment(id, 'a1'))?.data.type).to.equal('text/csv');
      expect(await text((await store.getAttachment(id, 'a2'))?.original)).to.equal('the original');
      expect((await store.listAttachments(id)).map((a) => a.id)).to.deep.equal(['a1', 'a2']);
      expect((await store.load(id))!.messages).to.deep.equal(before.messages);
      await store.delete(id);
      expect(await store.getAttachment(id, 'a1')).to.equal(undefined);
      expect(await store.listAttachments(id)).to.deep.equal([]);
      // Another thread's attachment of the same id is untouched.
      expect(await text((await store.getAttachment('other-thread', 'a1'))?.data)).to.equal('not this one');
      await store.close();
    });
  }

  it('replace (import) swaps a thread\'s attachments for the file\'s, in the one transaction', async () => {
    const store = new ThreadStore(dbName());
    const record = readThread(await fixture(2));
    await store.replace(record, [{ id: 'old', data: new Blob(['old']) }]);
    await store.replace(record, [{ id: 'new', data: new Blob(['new']) }]);
    expect((await store.listAttachments(record.id)).map((a) => a.id)).to.deep.equal(['new']);
    await store.close();
  });
});
