/** SPEC.md 9: call time is shown h:mm:ss (1:02:05), hours unpadded. */
export function formatCallDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const two = (n: number) => String(n).padStart(2, '0')
  return `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`
}

/** SPEC.md 9: attachment names are shown at most 10 characters (the full name is in the tooltip). */
export function shortAttachmentName(name: string): string {
  return name.length > 10 ? `${name.slice(0, 10)}…` : name
}

/** The `types` query value: undefined when every type is selected (no filter sent). */
export function typesParam(selected: readonly number[], all: readonly number[]): string | undefined {
  return all.every((t) => selected.includes(t)) ? undefined : [...selected].sort().join(',')
}
