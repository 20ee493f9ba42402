/**
 * The names OpenCode gives its database (`storage/db.ts`, `Database.getChannelPath`):
 * `opencode.db` for the `latest` and `beta` channels, else `opencode-<channel>.db` with the
 * channel's characters other than `[a-zA-Z0-9._-]` replaced by `-` (`opencode-stable.db`,
 * `opencode-local.db` for a build from source). `OPENCODE_DB` may name any other file.
 */
export const databaseName = /(?:^|[\\/])opencode(?:-[A-Za-z0-9._-]+)?\.db$/
