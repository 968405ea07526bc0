// Upstream video-generation APIs: the canonical request in, the upstream job id out. Generation is asynchronous
// upstream; Switchyard records the submission (generation_status `submitting`).
import type { VideoBody } from '../../schema/videos.js';
import type { UserEndpointConfig } from '../../schema/registry.js';
import { postJson, requireBaseUrl, UpstreamError } from '../upstream/http.js';

export interface VideoCall {
  providerModelId: string;
  body: VideoBody;
  seconds: number | undefined;
  baseUrl?: string;
  apiKey?: string;
  userConfig: UserEndpointConfig;
}

export interface VideoSubmitted {
  generationId: string;
  response: unknown;
}

const TIMEOUT_MS = 60_000;
const post = (provider: string, url: string, headers: Record<string, string>, body: unknown) =>
  postJson(provider, url, headers, body, TIMEOUT_MS);
const base = (provider: string, call: VideoCall) => requireBaseUrl(provider, call.baseUrl);

/** Canonical passthrough fields go upstream as they came. */
const CANONICAL = new Set(['model', 'prompt', 'seconds', 'size', 'aspect_ratio', 'resolution', 'negative_prompt', 'input_reference', 'generate_audio', 'seed', 'frame_images']);
const passthrough = (body: VideoBody) => Object.fromEntries(Object.entries(body).filter(([k]) => !CANONICAL.has(k)));

// OpenAI Videos API (Sora): POST /v1/videos; `seconds` is a string there.
const openai = async (call: VideoCall, provider: string): Promise<VideoSubmitted> => {
  const b = call.body;
  const json = await post(provider, `${base(provider, call)}/v1/videos`, call.apiKey ? { authorization: `Bearer ${call.apiKey}` } : {}, {
    ...passthrough(b),
    model: call.providerModelId, prompt: b.prompt,
    ...(call.seconds !== undefined && { seconds: String(call.seconds) }),
    ...(b.size && { size: b.size }), ...(b.input_reference && { input_reference: b.input_reference }),
  });
  if (typeof json?.id !== 'string') throw new UpstreamError(provider, 200, 'response has no video id', true);
  return { generationId: json.id, response: json };
};

// Google Veo (Gemini API and Vertex AI): predictLongRunning returns an operation name to poll.
function veoPayload(call: VideoCall) {
  const b = call.body;
  const frame = (name: string) => b.frame_images?.find((f) => f.frame === name)?.image;
  const image = (ref: string | undefined) => (ref === undefined ? undefined : ref.startsWith('gs://') ? { gcsUri: ref } : { bytesBase64Encoded: ref.replace(/^data:[^,]*,/, '') });
  return {
    instances: [{
      prompt: b.prompt,
      ...(image(b.input_reference ?? frame('first')) && { image: image(b.input_reference ?? frame('first')) }),
      ...(frame('last') && { lastFrame: image(frame('last')) }),
    }],
    parameters: {
      ...passthrough(b),
      ...(b.aspect_ratio && { aspectRatio: b.aspect_ratio }),
      ...(b.resolution && { resolution: b.resolution }),
      ...(call.seconds !== undefined && { durationSeconds: call.seconds }),
      ...(b.negative_prompt && { negativePrompt: b.negative_prompt }),
      ...(b.seed !== undefined && { seed: b.seed }),
      ...(b.generate_audio !== undefined && { generateAudio: b.generate_audio }),
    },
  };
}

const google = async (call: VideoCall, provider: string): Promise<VideoSubmitted> => {
  const url = `${base(provider, call)}/v1beta/models/${encodeURIComponent(call.providerModelId)}:predictLongRunning`;
  const json = await post(provider, url, call.apiKey ? { 'x-goog-api-key': call.apiKey } : {}, veoPayload(call));
  if (typeof json?.name !== 'string') throw new UpstreamError(provider, 200, 'response has no operation name', true);
  return { generationId: json.name, response: json };
};

const vertex = async (call: VideoCall, provider: string): Promise<VideoSubmitted> => {
  const { projectId, location = 'us-central1' } = call.userConfig;
  if (!projectId) throw new UpstreamError(provider, undefined, 'the deployment has no projectId (set it in REGISTRY_FILE)', true);
  const url = `${base(provider, call)}/v1/projects/${encodeURIComponent(projectId)}/locations/${encodeURIComponent(location)}/publishers/google/models/${encodeURIComponent(call.providerModelId)}:predictLongRunning`;
  const json = await post(provider, url, call.apiKey ? { authorization: `Bearer ${call.apiKey}` } : {}, veoPayload(call));
  if (typeof json?.name !== 'string') throw new UpstreamError(provider, 200, 'response has no operation name', true);
  return { generationId: json.name, response: json };
};

export const VIDEO_ADAPTERS: Partial<Record<string, (call: VideoCall, provider: string) => Promise<VideoSubmitted>>> = {
  openai,
  // Azure AI Foundry serves Sora through the OpenAI v1 API shape at the resource's base URL.
  azure: openai,
  google,
  vertex,
};
