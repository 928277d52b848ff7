// The PN532 commands the encoders use, as data (code, response code, name), with their parameter
// encoders and response decoders (UM0701-02 §7).
import { Pn532ErrorCode, Pn532ProtocolError } from './errors.ts'

export const Pn532Command = {
  GetFirmwareVersion: 0x02,
  SAMConfiguration: 0x14,
  RFConfiguration: 0x32,
  InDataExchange: 0x40,
  InListPassiveTarget: 0x4a,
  InRelease: 0x52,
} as const
export type Pn532Command = (typeof Pn532Command)[keyof typeof Pn532Command]

export interface CommandSpec {
  name: keyof typeof Pn532Command
  code: Pn532Command
  /** The PN532 answers with the command code + 1. */
  response: number
  /** How long the PN532 may take before answering (passive activation and card I/O take longest). */
  timeoutMs: number
}

export const commandTable: Record<Pn532Command, CommandSpec> = Object.fromEntries(
  (Object.entries(Pn532Command) as [keyof typeof Pn532Command, Pn532Command][]).map(([name, code]) => [
    code,
    { name, code, response: code + 1, timeoutMs: name === 'InListPassiveTarget' ? 1000 : 500 },
  ]),
) as Record<Pn532Command, CommandSpec>

export function commandSpec(code: number): CommandSpec | undefined {
  return commandTable[code as Pn532Command]
}

export const SamMode = { normal: 0x01, virtualCard: 0x02, wiredCard: 0x03, dualCard: 0x04 } as const
export type SamMode = (typeof SamMode)[keyof typeof SamMode]

export const RfConfigItem = { rfField: 0x01, timings: 0x02, maxRetriesCom: 0x04, maxRetries: 0x05 } as const

/** Baud rate / modulation of InListPassiveTarget; 0x00 is 106 kbps type A (ISO/IEC 14443A, MIFARE). */
export const BrTy = { typeA106: 0x00 } as const

export interface FirmwareVersion {
  ic: number
  version: number
  revision: number
  support: number
}

export function decodeFirmwareVersion(params: Uint8Array): FirmwareVersion {
  need(params, 4, 'GetFirmwareVersion')
  return { ic: params[0], version: params[1], revision: params[2], support: params[3] }
}
export function encodeFirmwareVersion(v: FirmwareVersion): Uint8Array {
  return Uint8Array.of(v.ic, v.version, v.revision, v.support)
}

/** SAMConfiguration: mode, timeout in 50 ms units (virtual card only), use IRQ pin. */
export function samConfigurationParams(
  mode: SamMode = SamMode.normal,
  timeout = 0x14,
  useIrq = true,
): Uint8Array {
  return Uint8Array.of(mode, timeout, useIrq ? 1 : 0)
}

/** RFConfiguration item 5: retries for ATR, PSL and passive activation (0xFF = forever; we never use it). */
export function maxRetriesParams(atr: number, psl: number, passiveActivation: number): Uint8Array {
  return Uint8Array.of(RfConfigItem.maxRetries, atr, psl, passiveActivation)
}

export function inListPassiveTargetParams(maxTargets = 1, brTy: number = BrTy.typeA106): Uint8Array {
  if (maxTargets < 1 || maxTargets > 2)
    throw new Pn532ProtocolError(Pn532ErrorCode.badArgument, 'MaxTg is 1 or 2')
  return Uint8Array.of(maxTargets, brTy)
}

/** A 106 kbps type A target as InListPassiveTarget reports it. */
export interface TypeATarget {
  tg: number
  /** SENS_RES (ATQA), as sent: two bytes. */
  sensRes: Uint8Array
  /** SEL_RES (SAK): 0x08 for MIFARE Classic 1K. */
  selRes: number
  nfcId: Uint8Array
  ats?: Uint8Array
}

export function decodeInListPassiveTarget(params: Uint8Array): TypeATarget[] {
  need(params, 1, 'InListPassiveTarget')
  const count = params[0]
  const targets: TypeATarget[] = []
  let at = 1
  for (let i = 0; i < count; i++) {
    need(params, at + 5, 'InListPassiveTarget target')
    const tg = params[at]
    const sensRes = params.slice(at + 1, at + 3)
    const selRes = params[at + 3]
    const idLen = params[at + 4]
    need(params, at + 5 + idLen, 'InListPassiveTarget NFCID1')
    const nfcId = params.slice(at + 5, at + 5 + idLen)
    at += 5 + idLen
    let ats: Uint8Array | undefined
    // SEL_RES bit 6 (0x20): ISO/IEC 14443-4 compliant, so the PN532 appends the ATS (its first byte is its length).
    if (selRes & 0x20 && at < params.length) {
      const atsLen = params[at]
      need(params, at + Math.max(atsLen, 1), 'InListPassiveTarget ATS')
      ats = params.slice(at, at + Math.max(atsLen, 1))
      at += Math.max(atsLen, 1)
    }
    targets.push({ tg, sensRes, selRes, nfcId, ats })
  }
  return targets
}

export function encodeInListPassiveTarget(targets: readonly TypeATarget[]): Uint8Array {
  const parts: number[] = [targets.length]
  for (const t of targets) {
    parts.push(t.tg, ...t.sensRes, t.selRes, t.nfcId.length, ...t.nfcId)
    if (t.ats) parts.push(...t.ats)
  }
  return Uint8Array.from(parts)
}

export function inDataExchangeParams(tg: number, data: Uint8Array): Uint8Array {
  if (data.length > 262) throw new Pn532ProtocolError(Pn532ErrorCode.badArgument, 'DataOut over 262 bytes')
  const out = new Uint8Array(1 + data.length)
  out[0] = tg
  out.set(data, 1)
  return out
}

/** A status byte (InDataExchange, InRelease): low 6 bits are the error code; 0 is success. */
export interface StatusResponse {
  status: number
  data: Uint8Array
}

export function decodeStatusResponse(params: Uint8Array, name: string): StatusResponse {
  need(params, 1, name)
  return { status: params[0] & 0x3f, data: params.slice(1) }
}

function need(params: Uint8Array, n: number, what: string): void {
  if (params.length < n) {
    throw new Pn532ProtocolError(Pn532ErrorCode.badResponse, `${what}: ${params.length} bytes, need ${n}`)
  }
}
