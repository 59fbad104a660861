// Groups made for a test as root (groupadd), with the members asked for, removed by `drop`: a group
// others share, or one nobody is in.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface TestGroup {
  name: string;
  gid: number;
  drop(): void;
}

/** A fresh group whose secondary members are `members` (user names). */
export function testGroup(members: string[]): TestGroup {
  const name = `sc-g${process.pid.toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const made = spawnSync('groupadd', ['--system', name], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`groupadd ${name}: ${made.stderr}`);
  if (members.length) spawnSync('gpasswd', ['-M', members.join(','), name], { stdio: 'ignore' });
  const line = readFileSync('/etc/group', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  return {
    name,
    gid: Number(line!.split(':')[2]),
    drop: () => void spawnSync('groupdel', [name], { stdio: 'ignore' }),
  };
}
