import {crc32} from 'node:zlib'

/** One member of {@link zipOfMembers}: its name as stored (any bytes), content and, to damage it, a wrong CRC. */
export interface ZipMember {
  name: string | Buffer
  content: string | Buffer
  crc?: number
}

/**
 * A zip archive of stored (uncompressed) members, written by hand so a test can
 * put in what no zip tool would: absolute and `..` names, NULs, wrong CRCs
 * (PKWARE APPNOTE: local headers and data, central directory, end record).
 */
export function zipOfMembers(members: readonly ZipMember[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const member of members) {
    const name = Buffer.isBuffer(member.name) ? member.name : Buffer.from(member.name)
    const content = Buffer.isBuffer(member.content) ? member.content : Buffer.from(member.content)
    const crc = member.crc ?? crc32(content)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(content.length, 18)
    local.writeUInt32LE(content.length, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(content.length, 20)
    central.writeUInt32LE(content.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, content)
    centrals.push(central, name)
    offset += local.length + name.length + content.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(members.length, 8)
  end.writeUInt16LE(members.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}
