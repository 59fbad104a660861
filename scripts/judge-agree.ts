// npm run judge:agree — filled in by the judge work.
process.stdout.write('judge-agree\n');
