// Every attack of hostile-cases.ts in C++ as the unprivileged person runs simcoach: through the CLI.
import { describeAsUser, useHostileHost } from './hostile-cases.js';

useHostileHost();

describeAsUser('cpp');
