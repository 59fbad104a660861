// Workers keep their modules from one file to the next (isolate: false): the folders a file made
// through tempDir() go when that file ends, after its own afterAll hooks (hooks after run in stack
// order, and this file's are registered first).
import { afterAll } from 'vitest';
import { removeTempDirs } from '../helpers/tempDir.js';

afterAll(() => removeTempDirs());
