import {spawnSync} from 'node:child_process'
import {existsSync} from 'node:fs'
import {rm} from 'node:fs/promises'
import {generateSlackExport} from './generate-slack.js'
import type {Run} from './measure.js'
import {measure} from './measure.js'

/** Where the case works. */
export interface SlackChannelsSetup {
  dataDir: string
  /** A new folder of the bench's scratch space, removed when the bench ends. */
  freshFolder(label: string): string
  /** The `chatmark` command's launcher. */
  command: string
}

/**
 * Issue 25, item 3: a Slack export of 2,500 to 40,000 channels (each over two
 * day files; public and private channels, DMs and group DMs, a quarter as many
 * people as channels; see `generateSlackExport`), as a folder and as a `.zip`,
 * read with `--list` and written with `-o`: seconds and CPU seconds per 1,000
 * channels, which stay flat when the time is linear in the channels, and peak
 * RSS. One run each (the largest take minutes); CPU time is the steadier figure
 * on a busy machine. BENCH_SLACK_CHANNELS: the sizes, comma-separated.
 */
export async function benchSlackChannels(setup: SlackChannelsSetup): Promise<void> {
  const {dataDir, freshFolder, command} = setup
  const sizes = (process.env['BENCH_SLACK_CHANNELS'] ?? '2500,5000,10000,20000,40000').split(',').map(Number)
  const zip = spawnSync('zip', ['-v'], {stdio: 'ignore'}).status === 0
  process.stdout.write(
    `Slack export by channel count (two day files a channel; one run each, node ${process.version})\n` +
      `  ${'channels'.padStart(8)}  ${'how'.padEnd(12)} ${'seconds'.padStart(8)}  ${'s / 1k ch'.padStart(9)}  ` +
      `${'CPU s / 1k ch'.padStart(13)}  peak RSS\n`
  )
  for (const channels of sizes) {
    const folder = `${dataDir}slack-${channels}`
    if (!existsSync(`${folder}/users.json`)) {
      process.stdout.write(`generating ${folder} ...\n`)
      await generateSlackExport(folder, {channels})
    }
    const archive = `${folder}.zip`
    if (zip && !existsSync(archive)) {
      process.stdout.write(`zipping ${archive} ...\n`)
      // `zip` writes Zip64 past 65,535 members, as Slack's own exports of large workspaces need.
      const made = spawnSync('zip', ['-qr', '-1', archive, '.'], {cwd: folder, stdio: 'ignore'})
      if (made.status !== 0) await rm(archive, {force: true})
    }
    const inputs = [{label: 'folder', path: folder}, ...(existsSync(archive) ? [{label: 'zip', path: archive}] : [])]
    for (const {label, path} of inputs) {
      for (const mode of ['--list', '-o'] as const) {
        const args = mode === '--list' ? [command, '--list', path] : [command, '-o', freshFolder('slack'), path]
        process.stdout.write(`${row(channels, `${mode} ${label}`, await measure(args))}\n`)
      }
    }
  }
  if (!zip) process.stdout.write('  (no `zip` command here: the archives were not measured)\n')
  process.stdout.write('\n')
}

function row(channels: number, how: string, result: Run): string {
  const perThousand = (seconds: number): string => (seconds / (channels / 1000)).toFixed(2)
  return (
    `  ${channels.toLocaleString('en-US').padStart(8)}  ${how.padEnd(12)} ${result.seconds.toFixed(1).padStart(8)}  ` +
    `${perThousand(result.seconds).padStart(9)}  ${perThousand(result.cpuSeconds).padStart(13)}  ` +
    `${(result.peakRss / 1024 / 1024).toFixed(0)} MB`
  )
}
