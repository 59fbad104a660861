import { Box, Text } from 'ink';
import { Rows, textRows } from '../../components/rows.js';
import { StreamTail } from '../../components/StreamTail.js';
import type { LiveStep } from '../../app/sessionView.js';

/** Rows of streaming text shown at most: a dozen lines are enough to follow an answer, and each frame costs less. */
const STREAM_ROWS = 12;

/** A step at work: the answer's tail as it streams (decoded, lightly drawn), or the judge running, and the error under it. */
export function Streaming({
  live,
  error,
  backendError,
  width,
  height,
}: {
  live?: LiveStep;
  error?: { message: string };
  backendError: boolean;
  width: number;
  height: number;
}) {
  // The error wraps under the tail and takes its rows from it.
  const errorRows = error
    ? [
        ...textRows(error.message, width, { color: 'red' }),
        ...(backendError
          ? textRows('start the server or fix the model (simcoach doctor says how), then press R', width, { dim: true })
          : []),
      ]
    : [];
  const room = Math.min(STREAM_ROWS, height - errorRows.length);
  const body = live?.running ? (
    <Text>{`judging on ${live.running.tests} test${live.running.tests === 1 ? '' : 's'}…`}</Text>
  ) : live?.text ? (
    <StreamTail
      text={live.text}
      {...(live.received !== undefined ? { received: live.received } : {})}
      streamKey={`${live.branch}/${live.step}/${live.stream ?? 0}`}
      width={width}
      height={Math.max(1, room)}
      grow
    />
  ) : live ? (
    <Text dimColor>waiting for the model…</Text>
  ) : null;
  if (!error) return body;
  return (
    <Box flexDirection="column">
      {body}
      <Rows rows={errorRows} />
    </Box>
  );
}
