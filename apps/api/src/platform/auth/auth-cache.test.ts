import { describe, expect, it } from 'vitest';
import { AuthChannel, type CacheOptions, authKey, perChannel } from './auth-cache.ts';

const keys = (n: number, extra: string[] = []) => [authKey.session(`s${n}`), authKey.user(`u${n}`), ...extra];

function listening(options: CacheOptions = {}) {
  const channel = new AuthChannel();
  const cache = channel.cache<string>(options);
  channel.setListening(true);
  return { channel, cache };
}

describe('AuthChannel and AuthCache', () => {
  it('keep nothing while the channel is not listened to', () => {
    const channel = new AuthChannel();
    const cache = channel.cache<string>();
    cache.store('h1', 'row', keys(1), cache.generation);
    expect(cache.get('h1')).toBeUndefined();
    channel.setListening(true);
    cache.store('h1', 'row', keys(1), cache.generation);
    expect(cache.get('h1')).toBe('row');
    // A lost connection may have missed notifications: everything goes.
    channel.setListening(false);
    channel.setListening(true);
    expect(cache.get('h1')).toBeUndefined();
  });

  it('drop exactly the entries a notification names, in every cache of the channel', () => {
    const { channel, cache } = listening();
    const other = channel.cache<number>();
    cache.store('h1', 'one', keys(1), cache.generation);
    cache.store('h2', 'two', keys(2, [authKey.user('admin')]), cache.generation);
    cache.store('h3', 'three', keys(3, [authKey.company('c2')]), cache.generation);
    other.store('c2', 42, [authKey.company('c2')], other.generation);
    channel.notify('s:s1');
    expect([cache.get('h1'), cache.get('h2'), cache.get('h3')]).toEqual([undefined, 'two', 'three']);
    // The impersonating admin's change ends the impersonation session too.
    channel.notify('u:admin');
    expect(cache.get('h2')).toBeUndefined();
    channel.notify('c:c2');
    expect(cache.get('h3')).toBeUndefined();
    expect(other.get('c2')).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.store('h4', 'four', keys(4), cache.generation);
    channel.notify('*');
    expect(cache.size).toBe(0);
  });

  it('do not keep a value read before a notification that arrived during the read', async () => {
    const { channel, cache } = listening();
    const read = cache.through(
      'h1',
      async () => {
        channel.notify('u:u1');
        return 'stale';
      },
      () => keys(1),
    );
    expect(await read).toBe('stale');
    expect(cache.get('h1')).toBeUndefined();
    expect(
      await cache.through(
        'h1',
        async () => 'fresh',
        () => keys(1),
      ),
    ).toBe('fresh');
    expect(
      await cache.through(
        'h1',
        async () => 'not read',
        () => keys(1),
      ),
    ).toBe('fresh');
  });

  it('forget entries after their time and beyond their size, oldest first', () => {
    let now = 0;
    const { channel, cache } = listening({ ttlMs: 1_000, maxEntries: 2, now: () => now });
    cache.store('h1', 'one', keys(1), cache.generation);
    cache.store('h2', 'two', keys(2), cache.generation);
    cache.store('h3', 'three', keys(3), cache.generation);
    expect([cache.get('h1'), cache.get('h2'), cache.get('h3')]).toEqual([undefined, 'two', 'three']);
    now = 1_001;
    expect(cache.get('h2')).toBeUndefined();
    // The index of a dropped entry goes with it.
    channel.notify('u:u2');
    expect(cache.size).toBe(1);
  });

  it('sync resolves when its own barrier comes back, after the notifications sent before it', async () => {
    const { channel, cache } = listening();
    cache.store('h1', 'one', keys(1), cache.generation);
    const sent: string[] = [];
    const done = channel.sync(async (payload) => {
      sent.push('u:u1', payload);
      // Delivered later and in order, as PostgreSQL does.
      setTimeout(() => {
        for (const p of sent) channel.notify(p);
      }, 5);
    });
    let resolved = false;
    void done.then(() => (resolved = true));
    // setImmediate runs before the next round of timers, so before the delivery above however
    // late this runs (a 1 ms timer could come after it on a loaded machine).
    await new Promise((r) => setImmediate(r));
    expect(resolved).toBe(false);
    await done;
    expect(cache.get('h1')).toBeUndefined();
  });

  it('empty every cache when a barrier cannot be sent or does not come back', async () => {
    const { channel, cache } = listening();
    cache.store('h1', 'one', keys(1), cache.generation);
    await channel.sync(() => Promise.reject(new Error('connection lost')));
    expect(cache.size).toBe(0);
    cache.store('h2', 'two', keys(2), cache.generation);
    await channel.sync(async () => {}, 10);
    expect(cache.size).toBe(0);
  });

  it('give each module one cache per channel and none without a channel', () => {
    const profiles = perChannel<string>();
    const channel = new AuthChannel();
    expect(profiles(null)).toBeNull();
    expect(profiles(channel)).toBe(profiles(channel));
    expect(profiles(new AuthChannel())).not.toBe(profiles(channel));
  });
});
