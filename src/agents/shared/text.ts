export { stripThink } from '../../llm/fences.js';

/** Cuts long text for a prompt, keeping the start and saying how much went. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n… (${text.length - max} more characters)`;
}

/** The text as a string, whatever a lenient JSON answer put there. */
export function asText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v))
    return v
      .map(asText)
      .filter((s) => s !== '')
      .join('\n');
  if (typeof v === 'object') {
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${k}: ${asText(x)}`)
      .join('\n');
  }
  return String(v);
}
