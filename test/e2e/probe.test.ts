import {test} from 'vitest'
import {installedPackage, runInstalled} from '../util/installed.js'
test('probe', async () => {
  console.log(installedPackage())
  console.log(await runInstalled(['--version'], {cwd: '/tmp'}))
})
