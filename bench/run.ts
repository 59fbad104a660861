// npm run bench: prints figures; each section lives in bench/ and is added here.
process.stdout.write('simcoach bench\n');
