// Every attack of hostile-cases.ts in Python as the unprivileged person runs simcoach: through the CLI.
import { describeAsUser, useHostileHost } from './hostile-cases.js';

useHostileHost();

describeAsUser('python');
