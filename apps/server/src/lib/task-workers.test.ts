import { describe, expect, it } from 'vitest';
import type { TaskChannel, TaskReply, TaskRequest } from './task-workers.js';
import { TaskWorkers } from './task-workers.js';

/** A helper answering each task when told to (`finish`), or dying with its tasks in hand (`die`). */
function fakeHelper() {
  const received: TaskRequest[] = [];
  let reply: (r: TaskReply) => void = () => {};
  let gone: (why: string) => void = () => {};
  const refs: boolean[] = [];
  const channel: TaskChannel = {
    send: (request) => received.push(request),
    onReply: (listener) => (reply = listener),
    onGone: (listener) => (gone = listener),
    setRef: (on) => refs.push(on),
    pid: undefined,
  };
  return {
    channel,
    received,
    refs,
    finish: (request: TaskRequest) => reply({ id: request.id, value: `${request.op}:${String(request.args[0])}` }),
    die: () => gone('已退出'),
  };
}

describe('TaskWorkers', () => {
  it('queues tasks beyond what its helpers take at once, first come first served', async () => {
    const helpers: ReturnType<typeof fakeHelper>[] = [];
    const workers = new TaskWorkers({
      size: 2,
      tasksPerHelper: 1,
      start: () => helpers[helpers.push(fakeHelper()) - 1]!.channel,
    });
    const results = ['a', 'b', 'c', 'd'].map((x) => workers.run('parse', [x]));
    expect(helpers).toHaveLength(2);
    expect(workers.waiting).toBe(2);
    expect(helpers.map((h) => h.received.map((r) => r.args[0]))).toEqual([['a'], ['b']]);
    helpers[1]!.finish(helpers[1]!.received[0]!);
    expect(await results[1]).toBe('parse:b');
    // The freed helper takes the next task in line.
    expect(helpers[1]!.received.map((r) => r.args[0])).toEqual(['b', 'c']);
    expect(workers.waiting).toBe(1);
    helpers[0]!.finish(helpers[0]!.received[0]!);
    helpers[1]!.finish(helpers[1]!.received[1]!);
    helpers[0]!.finish(helpers[0]!.received[1]!);
    expect(await Promise.all(results)).toEqual(['parse:a', 'parse:b', 'parse:c', 'parse:d']);
    expect(workers.waiting).toBe(0);
    // A helper keeps the process alive only while it has a task.
    expect(helpers[0]!.refs.at(-1)).toBe(false);
  });

  it('fails the tasks of a helper that dies, and starts another for the next task', async () => {
    const helpers: ReturnType<typeof fakeHelper>[] = [];
    const workers = new TaskWorkers({
      size: 1,
      tasksPerHelper: 2,
      start: () => helpers[helpers.push(fakeHelper()) - 1]!.channel,
    });
    const lost = [workers.run('hash', ['x']), workers.run('hash', ['y'])];
    const next = workers.run('hash', ['z']);
    expect(workers.waiting).toBe(1);
    helpers[0]!.die();
    await expect(lost[0]).rejects.toThrow('已退出');
    await expect(lost[1]).rejects.toThrow('已退出');
    expect(helpers).toHaveLength(2);
    helpers[1]!.finish(helpers[1]!.received[0]!);
    expect(await next).toBe('hash:z');
  });
});
