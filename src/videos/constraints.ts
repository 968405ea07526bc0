// Checks a canonical video request against one deployment's VideoGenerationConstraints (spec 2.2): a field the
// deployment does not list is refused, as is a value outside its allowed set. Pure.
import type { VideoGenerationConstraints } from '../../schema/registry.js';
import type { VideoBody } from '../../schema/videos.js';

export interface ConstraintViolation {
  field: string;
  message: string;
}

const list = (xs: readonly unknown[]) => xs.map((x) => JSON.stringify(x)).join(', ');

/** The seconds of video the request asks for: its `seconds`, else the constraint's default. */
export function requestedSeconds(body: VideoBody, c: VideoGenerationConstraints): number | undefined {
  if (body.seconds !== undefined) return Number(body.seconds);
  return c.duration?.default ?? c.duration?.values?.[0] ?? c.duration?.min;
}

export function checkVideoRequest(body: VideoBody, c: VideoGenerationConstraints): ConstraintViolation | undefined {
  const accepted = new Set([...c.requestParameters, ...(c.passthroughParameters ?? [])]);
  for (const key of Object.keys(body)) {
    if (!accepted.has(key)) {
      return { field: `body.${key}`, message: `not accepted by this model's endpoint (accepted: ${[...accepted].join(', ')})` };
    }
  }
  const oneOf = (field: keyof VideoBody, allowed: readonly unknown[] | undefined): ConstraintViolation | undefined => {
    const v = body[field];
    if (v === undefined || !allowed) return undefined;
    return allowed.includes(v) ? undefined : { field: `body.${field}`, message: `must be one of ${list(allowed)}` };
  };
  const bad =
    oneOf('size', c.sizes) ?? oneOf('aspect_ratio', c.aspectRatios) ?? oneOf('resolution', c.resolutions) ??
    oneOf('generate_audio', c.generateAudio);
  if (bad) return bad;
  if (body.seconds !== undefined && c.duration) {
    const s = Number(body.seconds);
    const d = c.duration;
    if (d.values && !d.values.includes(s)) return { field: 'body.seconds', message: `must be one of ${list(d.values)}` };
    if (d.min !== undefined && s < d.min) return { field: 'body.seconds', message: `must be at least ${d.min}` };
    if (d.max !== undefined && s > d.max) return { field: 'body.seconds', message: `must be at most ${d.max}` };
    if (d.integer && !Number.isInteger(s)) return { field: 'body.seconds', message: 'must be a whole number' };
    if (d.step && d.min !== undefined && Math.abs(((s - d.min) / d.step) - Math.round((s - d.min) / d.step)) > 1e-9) {
      return { field: 'body.seconds', message: `must be ${d.min} plus a multiple of ${d.step}` };
    }
  }
  for (const [i, f] of (body.frame_images ?? []).entries()) {
    if (!c.frameImages?.includes(f.frame)) {
      return { field: `body.frame_images.${i}.frame`, message: `must be one of ${list(c.frameImages ?? [])}` };
    }
  }
  return undefined;
}
