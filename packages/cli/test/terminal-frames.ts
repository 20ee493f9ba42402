// biome-ignore-all lint/suspicious/noControlCharactersInRegex: reading a terminal's escape sequences is the point

/**
 * The lines a progress bar drew on a terminal, in order: each frame as the
 * text written between a move to column 1 and a clear to the end of the line.
 * cli-progress also redraws the frame on a timer, ten times a second: the
 * same text again, dropped here, so the list is the same however long a run
 * took.
 */
export function drawnFrames(screen: string): string[] {
  const frames: string[] = []
  for (const [, text = ''] of screen.matchAll(/\u001b\[1G([^\u001b]*)\u001b\[0K/g)) {
    if (text !== '' && text !== frames.at(-1)) frames.push(text)
  }
  return frames
}

/** The lines printed above a progress bar (each written at the start of a cleared line). */
export function loggedLines(screen: string): string[] {
  return [...screen.matchAll(/\u001b\[2K([^\u001b]*)\n/g)].map(([, text = '']) => text)
}

/** A clock that moves one second each time it is read: every frame is drawn, its rate and time left known. */
export function steppingClock(stepMs = 1000): () => number {
  let now = 0
  return () => (now += stepMs)
}
