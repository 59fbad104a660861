// The attacks every language plays (a fork bomb, 4 GiB, a file written outside), in C, PyPy 3,
// Rust, Go and Kotlin, as the unprivileged person runs simcoach: through the CLI.
import { describeLangsAsUser, useHostileHost } from './hostile-cases.js';

useHostileHost();

describeLangsAsUser();
