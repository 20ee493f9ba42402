import {remoteContentProperty} from '../../packages/core/test/remote-content-properties.js'

// Remote content made safe (packages/core/test/remote-content-properties.ts) at length: 30,000 generated texts
// unless REMOTE_CONTENT_RUNS says otherwise.
remoteContentProperty(Number(process.env['REMOTE_CONTENT_RUNS'] ?? 30_000))
