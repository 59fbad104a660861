import { UserError } from '../errors.js';

export async function run(_argv: string[]): Promise<number> {
  throw new UserError('the listen command is being built in this release cycle');
}
