/** One length-delimited field of a protobuf message. */
export interface ProtoField {
  field: number
  bytes: Uint8Array
}

/**
 * The length-delimited fields of a protobuf message, in order (varint and
 * fixed-width fields are passed over). Stops at the first field that does
 * not fit the bytes, with `complete` false: a cut or damaged blob keeps what
 * came before.
 */
export function protoFields(bytes: Uint8Array): {fields: ProtoField[]; complete: boolean} {
  const fields: ProtoField[] = []
  let offset = 0
  while (offset < bytes.length) {
    const tag = varint(bytes, offset)
    if (!tag) return {fields, complete: false}
    offset = tag.next
    const wire = tag.value % 8
    const field = Math.floor(tag.value / 8)
    if (wire === 0) {
      const value = varint(bytes, offset)
      if (!value) return {fields, complete: false}
      offset = value.next
    } else if (wire === 1 || wire === 5) {
      offset += wire === 1 ? 8 : 4
    } else if (wire === 2) {
      const length = varint(bytes, offset)
      if (!length || length.next + length.value > bytes.length) return {fields, complete: false}
      fields.push({field, bytes: bytes.subarray(length.next, length.next + length.value)})
      offset = length.next + length.value
    } else {
      return {fields, complete: false}
    }
  }
  return {fields, complete: offset === bytes.length}
}

function varint(bytes: Uint8Array, start: number): {value: number; next: number} | undefined {
  let value = 0
  let scale = 1
  for (let offset = start; offset < bytes.length && offset < start + 8; offset++) {
    const byte = bytes[offset] ?? 0
    value += (byte & 0x7f) * scale
    if (byte < 0x80) return {value, next: offset + 1}
    scale *= 128
  }
  return undefined
}
