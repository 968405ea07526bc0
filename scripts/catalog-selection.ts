// Which models the shipped catalog holds, and the facts a price file does not carry (author, display name, which
// provider serves which key, routing regions, video contracts). build-catalog.ts joins this with the price file.
import type {
  AuthorName, ChatParameterContractOverrides, InputModality, ModelOperation, ModelProviderName, OutputModality,
  StandardParameter, VideoGenerationConstraints,
} from '../schema/registry.js';

export interface ConfigPick {
  /** Price-file key of this deployment (its own prices and limits). */
  key: string;
  providerModelId?: string;
  region?: string;
  location?: string;
  crossRegion?: boolean;
}

export interface EndpointPick {
  provider: ModelProviderName;
  /** Price-file key (LiteLLM `model_prices_and_context_window.json`). */
  key: string;
  /** The id the upstream API expects; default: the key without its `provider/` prefix. */
  providerModelId?: string;
  aliases?: string[];
  /** Extra deployments of the same provider (endpointConfigs); `*` (the key above) is always there. */
  configs?: Record<string, ConfigPick>;
  operations?: ModelOperation[];
  unsupported?: StandardParameter[];
  extraParameters?: StandardParameter[];
  chatOverrides?: ChatParameterContractOverrides;
  video?: VideoGenerationConstraints;
  priority?: number;
  quantization?: 'fp4' | 'fp8' | 'fp16' | 'bf16' | 'int4';
  requireExplicitRouting?: boolean;
}

export interface ModelPick {
  id: string;
  name: string;
  author: AuthorName;
  description: string;
  trainingDate?: string;
  input?: InputModality[];
  output?: OutputModality[];
  pinnedVersionOfModel?: string;
  endpoints: EndpointPick[];
}

const reasoningOnly: StandardParameter[] = ['temperature', 'top_p', 'frequency_penalty', 'presence_penalty', 'logit_bias'];
type ReasoningControl = Exclude<NonNullable<ChatParameterContractOverrides['reasoning']>, false>;
const effort = (control: ReasoningControl): ReasoningControl => control;

const soraRequest = ['model', 'prompt', 'seconds', 'size', 'input_reference'];
const veoRequest = ['model', 'prompt', 'seconds', 'aspect_ratio', 'resolution', 'negative_prompt', 'input_reference', 'generate_audio', 'seed'];
const veo31Request = [...veoRequest, 'frame_images'];

export const SELECTION: ModelPick[] = [
  // ---- OpenAI
  {
    id: 'gpt-4o', name: 'GPT-4o', author: 'openai', trainingDate: '2023-10',
    description: "OpenAI's multimodal flagship of 2024: text and image input, fast, 128K context.",
    endpoints: [
      { provider: 'openai', key: 'gpt-4o', aliases: ['gpt-4o-2024-08-06'], operations: ['chat_completions', 'responses'] },
      { provider: 'azure', key: 'azure/gpt-4o' },
      { provider: 'openrouter', key: 'openrouter/openai/gpt-4o' },
    ],
  },
  {
    id: 'gpt-4o-mini', name: 'GPT-4o mini', author: 'openai', trainingDate: '2023-10',
    description: 'Small, inexpensive GPT-4o for high-volume tasks.',
    endpoints: [
      { provider: 'openai', key: 'gpt-4o-mini', aliases: ['gpt-4o-mini-2024-07-18'], operations: ['chat_completions', 'responses'] },
      { provider: 'azure', key: 'azure/gpt-4o-mini' },
    ],
  },
  {
    id: 'gpt-4o-audio-preview', name: 'GPT-4o Audio (preview)', author: 'openai',
    description: 'GPT-4o with audio input and spoken output in chat completions; audio tokens priced separately.',
    input: ['text', 'audio'], output: ['text', 'audio'],
    endpoints: [{ provider: 'openai', key: 'gpt-4o-audio-preview' }],
  },
  {
    id: 'gpt-4.1', name: 'GPT-4.1', author: 'openai', trainingDate: '2024-06',
    description: 'Long-context (1M tokens) GPT for coding and instruction following.',
    endpoints: [
      { provider: 'openai', key: 'gpt-4.1', aliases: ['gpt-4.1-2025-04-14'], operations: ['chat_completions', 'responses'] },
      { provider: 'azure', key: 'azure/gpt-4.1' },
      { provider: 'openrouter', key: 'openrouter/openai/gpt-4.1' },
    ],
  },
  {
    id: 'gpt-4.1-mini', name: 'GPT-4.1 mini', author: 'openai', trainingDate: '2024-06',
    description: 'Smaller GPT-4.1 with the same 1M-token context.',
    endpoints: [
      { provider: 'openai', key: 'gpt-4.1-mini', aliases: ['gpt-4.1-mini-2025-04-14'], operations: ['chat_completions', 'responses'] },
      { provider: 'azure', key: 'azure/gpt-4.1-mini' },
      { provider: 'openrouter', key: 'openrouter/openai/gpt-4.1-mini' },
    ],
  },
  {
    id: 'gpt-4.1-nano', name: 'GPT-4.1 nano', author: 'openai', trainingDate: '2024-06',
    description: 'The fastest and cheapest GPT-4.1.',
    endpoints: [{ provider: 'openai', key: 'gpt-4.1-nano', aliases: ['gpt-4.1-nano-2025-04-14'], operations: ['chat_completions', 'responses'] }],
  },
  {
    id: 'o3', name: 'o3', author: 'openai', trainingDate: '2024-06',
    description: 'OpenAI reasoning model for math, science and code; reasoning tokens billed as output.',
    endpoints: [{
      provider: 'openai', key: 'o3', aliases: ['o3-2025-04-16'], operations: ['chat_completions', 'responses'], unsupported: reasoningOnly,
      chatOverrides: { temperature: false, topP: false, reasoning: effort({ effortValues: ['low', 'medium', 'high'], includeReasoning: false, output: false }) },
    }],
  },
  {
    id: 'o4-mini', name: 'o4-mini', author: 'openai', trainingDate: '2024-06',
    description: 'Small, fast reasoning model.',
    endpoints: [
      {
        provider: 'openai', key: 'o4-mini', aliases: ['o4-mini-2025-04-16'], operations: ['chat_completions', 'responses'], unsupported: reasoningOnly,
        chatOverrides: { temperature: false, topP: false, reasoning: effort({ effortValues: ['low', 'medium', 'high'], includeReasoning: false, output: false }) },
      },
      { provider: 'azure', key: 'azure/o4-mini', unsupported: reasoningOnly },
    ],
  },
  {
    id: 'gpt-5', name: 'GPT-5', author: 'openai', trainingDate: '2024-09',
    description: "OpenAI's 2025 flagship reasoning model with adjustable effort and verbosity.",
    endpoints: [
      {
        provider: 'openai', key: 'gpt-5', aliases: ['gpt-5-2025-08-07'], operations: ['chat_completions', 'responses'],
        unsupported: reasoningOnly, extraParameters: ['verbosity'],
        chatOverrides: {
          temperature: false, topP: false,
          maxOutputTokens: { kind: 'number', parameter: 'max_completion_tokens', min: 1, max: 128000, integer: true },
          reasoning: effort({ effortValues: ['minimal', 'low', 'medium', 'high'], includeReasoning: false, output: false }),
        },
      },
      { provider: 'azure', key: 'azure/gpt-5', unsupported: reasoningOnly },
      { provider: 'openrouter', key: 'openrouter/openai/gpt-5', unsupported: reasoningOnly },
    ],
  },
  {
    id: 'gpt-5-mini', name: 'GPT-5 mini', author: 'openai', trainingDate: '2024-05',
    description: 'Faster, cheaper GPT-5 for well-defined tasks.',
    endpoints: [
      { provider: 'openai', key: 'gpt-5-mini', aliases: ['gpt-5-mini-2025-08-07'], operations: ['chat_completions', 'responses'], unsupported: reasoningOnly, extraParameters: ['verbosity'] },
      { provider: 'azure', key: 'azure/gpt-5-mini', unsupported: reasoningOnly },
      { provider: 'openrouter', key: 'openrouter/openai/gpt-5-mini', unsupported: reasoningOnly },
    ],
  },
  {
    id: 'gpt-5-nano', name: 'GPT-5 nano', author: 'openai', trainingDate: '2024-05',
    description: 'The smallest GPT-5, for classification and summarisation at volume.',
    endpoints: [{ provider: 'openai', key: 'gpt-5-nano', operations: ['chat_completions', 'responses'], unsupported: reasoningOnly, extraParameters: ['verbosity'] }],
  },
  {
    id: 'gpt-oss-120b', name: 'gpt-oss-120b', author: 'openai',
    description: "OpenAI's open-weight 117B mixture-of-experts reasoning model, served by inference providers.",
    endpoints: [
      { provider: 'groq', key: 'groq/openai/gpt-oss-120b' },
      { provider: 'fireworks', key: 'fireworks_ai/accounts/fireworks/models/gpt-oss-120b', providerModelId: 'accounts/fireworks/models/gpt-oss-120b' },
      { provider: 'together', key: 'together_ai/openai/gpt-oss-120b' },
      { provider: 'deepinfra', key: 'deepinfra/openai/gpt-oss-120b' },
      { provider: 'novita', key: 'novita/openai/gpt-oss-120b' },
      { provider: 'bedrock', key: 'openai.gpt-oss-120b-1:0', configs: { 'us-west-2': { key: 'openai.gpt-oss-120b-1:0', region: 'us-west-2' } } },
    ],
  },
  {
    id: 'gpt-oss-20b', name: 'gpt-oss-20b', author: 'openai',
    description: "OpenAI's small open-weight reasoning model (21B MoE).",
    endpoints: [
      { provider: 'groq', key: 'groq/openai/gpt-oss-20b' },
      { provider: 'fireworks', key: 'fireworks_ai/accounts/fireworks/models/gpt-oss-20b', providerModelId: 'accounts/fireworks/models/gpt-oss-20b' },
      { provider: 'together', key: 'together_ai/openai/gpt-oss-20b' },
      { provider: 'deepinfra', key: 'deepinfra/openai/gpt-oss-20b' },
    ],
  },
  {
    id: 'text-embedding-3-small', name: 'text-embedding-3-small', author: 'openai',
    description: 'Small, inexpensive embedding model (1536 dimensions).', output: ['embeddings'],
    endpoints: [
      { provider: 'openai', key: 'text-embedding-3-small' },
      { provider: 'azure', key: 'azure/text-embedding-3-small' },
    ],
  },
  {
    id: 'text-embedding-3-large', name: 'text-embedding-3-large', author: 'openai',
    description: 'Most capable OpenAI embedding model (3072 dimensions).', output: ['embeddings'],
    endpoints: [{ provider: 'openai', key: 'text-embedding-3-large' }],
  },
  {
    id: 'gpt-image-1', name: 'GPT Image 1', author: 'openai',
    description: 'Natively multimodal image generation and editing; text and image tokens priced separately.',
    input: ['text', 'image'], output: ['image'],
    endpoints: [{ provider: 'openai', key: 'gpt-image-1', extraParameters: ['n'] }],
  },
  {
    id: 'whisper-1', name: 'Whisper', author: 'openai',
    description: 'Speech-to-text transcription and translation, priced per minute of audio.', input: ['audio'], output: ['transcription'],
    endpoints: [{ provider: 'openai', key: 'whisper-1', operations: ['audio_transcriptions', 'audio_translations'] }],
  },
  {
    id: 'tts-1', name: 'TTS 1', author: 'openai',
    description: 'Text-to-speech, priced per character of input.', input: ['text'], output: ['speech'],
    endpoints: [{ provider: 'openai', key: 'tts-1' }],
  },
  {
    id: 'sora-2', name: 'Sora 2', author: 'openai',
    description: 'Video generation with synchronised audio, priced per second of video.', input: ['text', 'image'], output: ['video'],
    endpoints: [
      {
        provider: 'openai', key: 'openai/sora-2', providerModelId: 'sora-2',
        video: { requestParameters: soraRequest, sizes: ['720x1280', '1280x720'], duration: { values: [4, 8, 12], default: 4 }, generateAudio: [true] },
      },
      {
        provider: 'azure', key: 'azure/sora-2',
        video: { requestParameters: soraRequest, sizes: ['720x1280', '1280x720'], duration: { values: [4, 8, 12], default: 4 }, generateAudio: [true] },
      },
    ],
  },
  {
    id: 'sora-2-pro', name: 'Sora 2 Pro', author: 'openai',
    description: 'Higher-fidelity Sora 2 with larger frame sizes.', input: ['text', 'image'], output: ['video'],
    endpoints: [
      {
        provider: 'openai', key: 'openai/sora-2-pro', providerModelId: 'sora-2-pro',
        video: { requestParameters: soraRequest, sizes: ['720x1280', '1280x720', '1024x1792', '1792x1024'], duration: { values: [4, 8, 12], default: 4 }, generateAudio: [true] },
      },
      {
        provider: 'azure', key: 'azure/sora-2-pro',
        video: { requestParameters: soraRequest, sizes: ['720x1280', '1280x720', '1024x1792', '1792x1024'], duration: { values: [4, 8, 12], default: 4 }, generateAudio: [true] },
      },
    ],
  },

  // ---- Anthropic
  {
    id: 'claude-opus-4-1', name: 'Claude Opus 4.1', author: 'anthropic', trainingDate: '2025-03',
    description: "Anthropic's most capable model of 2025 for agentic coding and long reasoning.",
    endpoints: [
      { provider: 'anthropic', key: 'claude-opus-4-1', providerModelId: 'claude-opus-4-1-20250805', aliases: ['claude-opus-4-1'] },
      { provider: 'bedrock', key: 'anthropic.claude-opus-4-1-20250805-v1:0', configs: { 'us-east-1': { key: 'anthropic.claude-opus-4-1-20250805-v1:0', region: 'us-east-1' } } },
      { provider: 'vertex', key: 'vertex_ai/claude-opus-4-1', providerModelId: 'claude-opus-4-1@20250805', configs: { 'us-east5': { key: 'vertex_ai/claude-opus-4-1', location: 'us-east5' } } },
      { provider: 'openrouter', key: 'openrouter/anthropic/claude-opus-4.1' },
    ],
  },
  {
    id: 'claude-sonnet-4-5', name: 'Claude Sonnet 4.5', author: 'anthropic', trainingDate: '2025-07',
    description: 'Balanced Claude for coding and agents; prompts over 200K tokens are billed at a higher tier.',
    endpoints: [
      { provider: 'anthropic', key: 'claude-sonnet-4-5', providerModelId: 'claude-sonnet-4-5-20250929', aliases: ['claude-sonnet-4-5'] },
      {
        provider: 'bedrock', key: 'anthropic.claude-sonnet-4-5-20250929-v1:0',
        configs: {
          'us-east-1': { key: 'anthropic.claude-sonnet-4-5-20250929-v1:0', region: 'us-east-1' },
          eu: { key: 'eu.anthropic.claude-sonnet-4-5-20250929-v1:0', region: 'eu-central-1', crossRegion: true },
        },
      },
      { provider: 'vertex', key: 'vertex_ai/claude-sonnet-4-5', providerModelId: 'claude-sonnet-4-5@20250929', configs: { 'us-east5': { key: 'vertex_ai/claude-sonnet-4-5', location: 'us-east5' } } },
      { provider: 'openrouter', key: 'openrouter/anthropic/claude-sonnet-4.5' },
    ],
  },
  {
    id: 'claude-haiku-4-5', name: 'Claude Haiku 4.5', author: 'anthropic', trainingDate: '2025-02',
    description: 'Fast, inexpensive Claude with extended thinking.',
    endpoints: [
      { provider: 'anthropic', key: 'claude-haiku-4-5', providerModelId: 'claude-haiku-4-5-20251001', aliases: ['claude-haiku-4-5'] },
      { provider: 'bedrock', key: 'anthropic.claude-haiku-4-5-20251001-v1:0', configs: { 'us-east-1': { key: 'anthropic.claude-haiku-4-5-20251001-v1:0', region: 'us-east-1' } } },
      { provider: 'vertex', key: 'vertex_ai/claude-haiku-4-5', providerModelId: 'claude-haiku-4-5@20251001', configs: { 'us-east5': { key: 'vertex_ai/claude-haiku-4-5', location: 'us-east5' } } },
      { provider: 'openrouter', key: 'openrouter/anthropic/claude-haiku-4.5' },
    ],
  },

  // ---- Google
  {
    id: 'gemini-2.5-pro', name: 'Gemini 2.5 Pro', author: 'google', trainingDate: '2025-01',
    description: "Google's thinking model for complex reasoning; prompts over 200K tokens are billed at a higher tier.",
    endpoints: [
      { provider: 'google', key: 'gemini/gemini-2.5-pro', providerModelId: 'gemini-2.5-pro' },
      { provider: 'vertex', key: 'gemini-2.5-pro', configs: { global: { key: 'gemini-2.5-pro', location: 'global' } } },
    ],
  },
  {
    id: 'gemini-2.5-flash', name: 'Gemini 2.5 Flash', author: 'google', trainingDate: '2025-01',
    description: 'Price-performance Gemini with thinking and 1M-token context.',
    endpoints: [
      { provider: 'google', key: 'gemini/gemini-2.5-flash', providerModelId: 'gemini-2.5-flash' },
      { provider: 'vertex', key: 'gemini-2.5-flash', configs: { global: { key: 'gemini-2.5-flash', location: 'global' } } },
    ],
  },
  {
    id: 'gemini-2.5-flash-lite', name: 'Gemini 2.5 Flash-Lite', author: 'google', trainingDate: '2025-01',
    description: 'The most cost-efficient Gemini 2.5.',
    endpoints: [{ provider: 'google', key: 'gemini/gemini-2.5-flash-lite', providerModelId: 'gemini-2.5-flash-lite' }],
  },
  {
    id: 'gemini-2.0-flash', name: 'Gemini 2.0 Flash', author: 'google', trainingDate: '2024-08',
    description: 'Previous-generation Flash; shut down by Google on 2026-06-01 (kept so old logs are still priced).',
    endpoints: [{ provider: 'google', key: 'gemini/gemini-2.0-flash', providerModelId: 'gemini-2.0-flash' }],
  },
  {
    id: 'veo-3.1-generate-preview', name: 'Veo 3.1', author: 'google',
    description: 'Video with native audio from text or images, with first/last frame control; priced per second.',
    input: ['text', 'image'], output: ['video'],
    endpoints: [
      {
        provider: 'google', key: 'gemini/veo-3.1-generate-preview', providerModelId: 'veo-3.1-generate-preview',
        video: { requestParameters: veo31Request, resolutions: ['720p', '1080p'], aspectRatios: ['16:9', '9:16'], duration: { values: [4, 6, 8], default: 8 }, frameImages: ['first', 'last'], generateAudio: [true], passthroughParameters: ['person_generation'] },
      },
      {
        provider: 'vertex', key: 'vertex_ai/veo-3.1-generate-preview', configs: { 'us-central1': { key: 'vertex_ai/veo-3.1-generate-preview', location: 'us-central1' } },
        video: { requestParameters: veo31Request, resolutions: ['720p', '1080p'], aspectRatios: ['16:9', '9:16'], duration: { values: [4, 6, 8], default: 8 }, frameImages: ['first', 'last'], generateAudio: [true, false], passthroughParameters: ['person_generation', 'storage_uri'] },
      },
    ],
  },
  {
    id: 'veo-3.1-lite-generate-preview', name: 'Veo 3.1 Lite', author: 'google',
    description: 'Low-cost Veo 3.1; 1080p output is priced higher than 720p.', input: ['text', 'image'], output: ['video'],
    endpoints: [{
      provider: 'google', key: 'gemini/veo-3.1-lite-generate-preview', providerModelId: 'veo-3.1-lite-generate-preview',
      video: { requestParameters: veoRequest, resolutions: ['720p', '1080p'], aspectRatios: ['16:9', '9:16'], duration: { values: [4, 6, 8], default: 8 }, generateAudio: [true] },
    }],
  },
  {
    id: 'veo-3.0-generate-001', name: 'Veo 3', author: 'google',
    description: 'Veo 3 video generation with audio on Vertex AI.', input: ['text', 'image'], output: ['video'],
    endpoints: [{
      provider: 'vertex', key: 'vertex_ai/veo-3.0-generate-001', configs: { 'us-central1': { key: 'vertex_ai/veo-3.0-generate-001', location: 'us-central1' } },
      video: { requestParameters: veoRequest, resolutions: ['720p', '1080p'], aspectRatios: ['16:9', '9:16'], duration: { values: [4, 6, 8], default: 8 }, generateAudio: [true, false] },
    }],
  },

  // ---- Meta
  {
    id: 'llama-3.3-70b-instruct', name: 'Llama 3.3 70B Instruct', author: 'meta-llama', trainingDate: '2023-12',
    description: "Meta's 70B multilingual instruction model, served by many inference providers.",
    endpoints: [
      { provider: 'groq', key: 'groq/llama-3.3-70b-versatile' },
      { provider: 'together', key: 'together_ai/meta-llama/Llama-3.3-70B-Instruct-Turbo', quantization: 'fp8' },
      { provider: 'deepinfra', key: 'deepinfra/meta-llama/Llama-3.3-70B-Instruct' },
      { provider: 'novita', key: 'novita/meta-llama/llama-3.3-70b-instruct' },
    ],
  },
  {
    id: 'llama-3.1-8b-instruct', name: 'Llama 3.1 8B Instruct', author: 'meta-llama', trainingDate: '2023-12',
    description: 'Small Llama for fast, cheap chat.',
    endpoints: [
      { provider: 'groq', key: 'groq/llama-3.1-8b-instant' },
      { provider: 'together', key: 'together_ai/meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo' },
      { provider: 'deepinfra', key: 'deepinfra/meta-llama/Meta-Llama-3.1-8B-Instruct' },
      { provider: 'novita', key: 'novita/meta-llama/llama-3.1-8b-instruct' },
      { provider: 'fireworks', key: 'fireworks_ai/accounts/fireworks/models/llama-v3p1-8b-instruct', providerModelId: 'accounts/fireworks/models/llama-v3p1-8b-instruct' },
    ],
  },
  {
    id: 'llama-4-scout', name: 'Llama 4 Scout', author: 'meta-llama', trainingDate: '2024-08',
    description: 'Natively multimodal 17Bx16E mixture-of-experts Llama with a very long context.', input: ['text', 'image'],
    endpoints: [
      { provider: 'groq', key: 'groq/meta-llama/llama-4-scout-17b-16e-instruct' },
      { provider: 'together', key: 'together_ai/meta-llama/Llama-4-Scout-17B-16E-Instruct' },
      { provider: 'deepinfra', key: 'deepinfra/meta-llama/Llama-4-Scout-17B-16E-Instruct' },
      { provider: 'novita', key: 'novita/meta-llama/llama-4-scout-17b-16e-instruct' },
      { provider: 'fireworks', key: 'fireworks_ai/accounts/fireworks/models/llama4-scout-instruct-basic', providerModelId: 'accounts/fireworks/models/llama4-scout-instruct-basic' },
    ],
  },
  {
    id: 'llama-4-maverick', name: 'Llama 4 Maverick', author: 'meta-llama', trainingDate: '2024-08',
    description: 'Larger Llama 4 (17Bx128E) for general assistant and vision tasks.', input: ['text', 'image'],
    endpoints: [
      { provider: 'groq', key: 'groq/meta-llama/llama-4-maverick-17b-128e-instruct' },
      { provider: 'together', key: 'together_ai/meta-llama/Llama-4-Maverick-17B-128E-Instruct-FP8', quantization: 'fp8' },
      { provider: 'deepinfra', key: 'deepinfra/meta-llama/Llama-4-Maverick-17B-128E-Instruct-FP8', quantization: 'fp8' },
      { provider: 'novita', key: 'novita/meta-llama/llama-4-maverick-17b-128e-instruct-fp8', quantization: 'fp8' },
      { provider: 'fireworks', key: 'fireworks_ai/accounts/fireworks/models/llama4-maverick-instruct-basic', providerModelId: 'accounts/fireworks/models/llama4-maverick-instruct-basic' },
    ],
  },

  // ---- Mistral
  {
    id: 'mistral-large', name: 'Mistral Large 3', author: 'mistralai',
    description: "Mistral's open-weight flagship with vision and a 256K context.", input: ['text', 'image'],
    endpoints: [{ provider: 'mistral', key: 'mistral/mistral-large-latest', aliases: ['mistral-large-latest'] }],
  },
  {
    id: 'mistral-medium', name: 'Mistral Medium', author: 'mistralai',
    description: 'Frontier-class multimodal Mistral with reasoning.', input: ['text', 'image'],
    endpoints: [{ provider: 'mistral', key: 'mistral/mistral-medium-latest', aliases: ['mistral-medium-latest'] }],
  },
  {
    id: 'mistral-small', name: 'Mistral Small', author: 'mistralai',
    description: 'Efficient small Mistral for low-latency tasks.',
    endpoints: [{ provider: 'mistral', key: 'mistral/mistral-small-latest', aliases: ['mistral-small-latest'] }],
  },
  {
    id: 'codestral', name: 'Codestral', author: 'mistralai',
    description: 'Mistral model for code completion and fill-in-the-middle.',
    endpoints: [{ provider: 'mistral', key: 'mistral/codestral-latest', aliases: ['codestral-latest'] }],
  },
  {
    id: 'mistral-embed', name: 'Mistral Embed', author: 'mistralai',
    description: 'Text embeddings (1024 dimensions).', output: ['embeddings'],
    endpoints: [{ provider: 'mistral', key: 'mistral/mistral-embed' }],
  },

  // ---- DeepSeek
  {
    id: 'deepseek-v3.2', name: 'DeepSeek V3.2', author: 'deepseek',
    description: 'DeepSeek V3.2 in non-thinking mode; cache hits are billed at a tenth of the input price.',
    endpoints: [
      { provider: 'deepseek', key: 'deepseek-chat', providerModelId: 'deepseek-chat', aliases: ['deepseek/deepseek-chat'] },
      { provider: 'novita', key: 'novita/deepseek/deepseek-v3.2' },
      { provider: 'fireworks', key: 'fireworks_ai/accounts/fireworks/models/deepseek-v3p2', providerModelId: 'accounts/fireworks/models/deepseek-v3p2' },
    ],
  },
  {
    id: 'deepseek-reasoner', name: 'DeepSeek V3.2 (thinking)', author: 'deepseek',
    description: 'DeepSeek V3.2 in thinking mode, with visible reasoning.',
    endpoints: [{ provider: 'deepseek', key: 'deepseek-reasoner', providerModelId: 'deepseek-reasoner', aliases: ['deepseek/deepseek-reasoner'] }],
  },
  {
    id: 'deepseek-r1-0528', name: 'DeepSeek R1 0528', author: 'deepseek',
    description: 'Open-weight reasoning model, May 2025 revision.',
    endpoints: [
      { provider: 'fireworks', key: 'fireworks_ai/accounts/fireworks/models/deepseek-r1-0528', providerModelId: 'accounts/fireworks/models/deepseek-r1-0528' },
      { provider: 'deepinfra', key: 'deepinfra/deepseek-ai/DeepSeek-R1-0528' },
      { provider: 'novita', key: 'novita/deepseek/deepseek-r1-0528' },
      { provider: 'together', key: 'together_ai/deepseek-ai/DeepSeek-R1-0528-tput' },
    ],
  },

  // ---- xAI
  {
    id: 'grok-4', name: 'Grok 4', author: 'xai',
    description: "xAI's reasoning flagship with native tool use and live search.",
    endpoints: [{ provider: 'xai', key: 'xai/grok-4', aliases: ['grok-4-0709', 'grok-4-latest'] }],
  },
  {
    id: 'grok-4-fast-reasoning', name: 'Grok 4 Fast (reasoning)', author: 'xai',
    description: 'Cost-efficient Grok 4 with a 2M-token context; deprecated by xAI on 2026-05-15.',
    endpoints: [{ provider: 'xai', key: 'xai/grok-4-fast-reasoning' }],
  },
  {
    id: 'grok-3-mini', name: 'Grok 3 Mini', author: 'xai',
    description: 'Small Grok that thinks before answering.',
    endpoints: [{ provider: 'xai', key: 'xai/grok-3-mini', aliases: ['grok-3-mini-latest', 'grok-3-mini-beta'] }],
  },

  // ---- Qwen
  {
    id: 'qwen3-235b-a22b-instruct-2507', name: 'Qwen3 235B A22B Instruct 2507', author: 'qwen',
    description: "Alibaba's open-weight 235B mixture-of-experts model, non-thinking July 2025 update.",
    endpoints: [
      { provider: 'fireworks', key: 'fireworks_ai/accounts/fireworks/models/qwen3-235b-a22b-instruct-2507', providerModelId: 'accounts/fireworks/models/qwen3-235b-a22b-instruct-2507' },
      { provider: 'together', key: 'together_ai/Qwen/Qwen3-235B-A22B-Instruct-2507-tput', quantization: 'fp8' },
      { provider: 'deepinfra', key: 'deepinfra/Qwen/Qwen3-235B-A22B-Instruct-2507' },
      { provider: 'novita', key: 'novita/qwen/qwen3-235b-a22b-instruct-2507' },
      { provider: 'bedrock', key: 'qwen.qwen3-235b-a22b-2507-v1:0', configs: { 'us-west-2': { key: 'qwen.qwen3-235b-a22b-2507-v1:0', region: 'us-west-2' } } },
    ],
  },
  {
    id: 'qwen3-coder-480b-a35b-instruct', name: 'Qwen3 Coder 480B A35B', author: 'qwen',
    description: 'Agentic coding model with a 256K context.',
    endpoints: [
      { provider: 'fireworks', key: 'fireworks_ai/accounts/fireworks/models/qwen3-coder-480b-a35b-instruct', providerModelId: 'accounts/fireworks/models/qwen3-coder-480b-a35b-instruct' },
      { provider: 'deepinfra', key: 'deepinfra/Qwen/Qwen3-Coder-480B-A35B-Instruct' },
      { provider: 'novita', key: 'novita/qwen/qwen3-coder-480b-a35b-instruct' },
      { provider: 'together', key: 'together_ai/Qwen/Qwen3-Coder-480B-A35B-Instruct-FP8', quantization: 'fp8' },
      { provider: 'bedrock', key: 'qwen.qwen3-coder-480b-a35b-v1:0', configs: { 'us-west-2': { key: 'qwen.qwen3-coder-480b-a35b-v1:0', region: 'us-west-2' } } },
    ],
  },
  {
    id: 'qwen3-32b', name: 'Qwen3 32B', author: 'qwen',
    description: 'Dense 32B Qwen3 with switchable thinking.',
    endpoints: [
      { provider: 'groq', key: 'groq/qwen/qwen3-32b' },
      { provider: 'deepinfra', key: 'deepinfra/Qwen/Qwen3-32B' },
    ],
  },
  {
    id: 'qwen3-reranker-8b', name: 'Qwen3 Reranker 8B', author: 'qwen',
    description: 'Multilingual 8B cross-encoder reranker; priced per token.', output: ['rerank'],
    endpoints: [{ provider: 'novita', key: 'novita/qwen/qwen3-reranker-8b' }],
  },

  // ---- Cohere
  {
    id: 'command-a', name: 'Command A', author: 'cohere',
    description: "Cohere's enterprise model for agents, RAG and tool use, 256K context.",
    endpoints: [{ provider: 'cohere', key: 'command-a-03-2025', aliases: ['command-a'] }],
  },
  {
    id: 'command-r-plus', name: 'Command R+', author: 'cohere',
    description: 'Cohere model for retrieval-augmented generation and multi-step tool use.',
    endpoints: [
      { provider: 'cohere', key: 'command-r-plus-08-2024', aliases: ['command-r-plus'] },
      { provider: 'bedrock', key: 'cohere.command-r-plus-v1:0', configs: { 'us-east-1': { key: 'cohere.command-r-plus-v1:0', region: 'us-east-1' } } },
    ],
  },
  {
    id: 'command-r', name: 'Command R', author: 'cohere',
    description: 'Efficient Cohere model for RAG at scale.',
    endpoints: [
      { provider: 'cohere', key: 'command-r-08-2024', aliases: ['command-r'] },
      { provider: 'bedrock', key: 'cohere.command-r-v1:0', configs: { 'us-east-1': { key: 'cohere.command-r-v1:0', region: 'us-east-1' } } },
    ],
  },
  {
    id: 'rerank-v3.5', name: 'Cohere Rerank 3.5', author: 'cohere',
    description: 'Multilingual reranker; priced per search (one query over up to 100 documents).', output: ['rerank'],
    endpoints: [
      { provider: 'cohere', key: 'rerank-v3.5' },
      { provider: 'bedrock', key: 'cohere.rerank-v3-5:0', configs: { 'us-west-2': { key: 'cohere.rerank-v3-5:0', region: 'us-west-2' } } },
      { provider: 'azure', key: 'azure_ai/cohere-rerank-v3.5', providerModelId: 'Cohere-rerank-v3.5' },
    ],
  },
  {
    id: 'rerank-english-v3.0', name: 'Cohere Rerank 3 (English)', author: 'cohere',
    description: 'English reranker; priced per search.', output: ['rerank'],
    endpoints: [{ provider: 'cohere', key: 'rerank-english-v3.0' }],
  },
  {
    id: 'rerank-multilingual-v3.0', name: 'Cohere Rerank 3 (multilingual)', author: 'cohere',
    description: 'Multilingual reranker; priced per search.', output: ['rerank'],
    endpoints: [{ provider: 'cohere', key: 'rerank-multilingual-v3.0' }],
  },
  {
    id: 'embed-english-v3.0', name: 'Cohere Embed 3 (English)', author: 'cohere',
    description: 'English text and image embeddings.', input: ['text', 'image'], output: ['embeddings'],
    endpoints: [
      { provider: 'cohere', key: 'embed-english-v3.0' },
      { provider: 'bedrock', key: 'cohere.embed-english-v3', configs: { 'us-east-1': { key: 'cohere.embed-english-v3', region: 'us-east-1' } } },
    ],
  },

  // ---- Voyage, Jina, BAAI
  {
    id: 'rerank-2.5', name: 'Voyage Rerank 2.5', author: 'voyage',
    description: 'Instruction-following reranker with a 32K context; priced per token.', output: ['rerank'],
    endpoints: [{ provider: 'voyage', key: 'voyage/rerank-2.5' }],
  },
  {
    id: 'rerank-2.5-lite', name: 'Voyage Rerank 2.5 Lite', author: 'voyage',
    description: 'Faster, cheaper Voyage reranker.', output: ['rerank'],
    endpoints: [{ provider: 'voyage', key: 'voyage/rerank-2.5-lite' }],
  },
  {
    id: 'voyage-3.5', name: 'Voyage 3.5', author: 'voyage',
    description: 'General-purpose retrieval embeddings.', output: ['embeddings'],
    endpoints: [{ provider: 'voyage', key: 'voyage/voyage-3.5' }],
  },
  {
    id: 'jina-reranker-v2-base-multilingual', name: 'Jina Reranker v2 (multilingual)', author: 'jina',
    description: 'Small multilingual cross-encoder reranker.', output: ['rerank'],
    endpoints: [{ provider: 'jina', key: 'jina-reranker-v2-base-multilingual' }],
  },
  {
    id: 'bge-reranker-v2-m3', name: 'BGE Reranker v2 M3', author: 'baai',
    description: 'Lightweight open multilingual reranker from BAAI.', output: ['rerank'],
    endpoints: [{ provider: 'novita', key: 'novita/baai/bge-reranker-v2-m3' }],
  },

  // ---- Amazon, AI21, Moonshot, Z.ai, NVIDIA, Microsoft, Perplexity
  {
    id: 'nova-pro', name: 'Amazon Nova Pro', author: 'amazon',
    description: 'Multimodal Amazon model balancing accuracy, speed and cost.', input: ['text', 'image', 'video'],
    endpoints: [{
      provider: 'bedrock', key: 'amazon.nova-pro-v1:0',
      configs: { 'us-east-1': { key: 'amazon.nova-pro-v1:0', region: 'us-east-1' }, eu: { key: 'eu.amazon.nova-pro-v1:0', providerModelId: 'eu.amazon.nova-pro-v1:0', region: 'eu-central-1', crossRegion: true } },
    }],
  },
  {
    id: 'nova-lite', name: 'Amazon Nova Lite', author: 'amazon',
    description: 'Very low-cost multimodal Amazon model.', input: ['text', 'image', 'video'],
    endpoints: [{ provider: 'bedrock', key: 'amazon.nova-lite-v1:0', configs: { 'us-east-1': { key: 'amazon.nova-lite-v1:0', region: 'us-east-1' } } }],
  },
  {
    id: 'amazon-rerank-v1', name: 'Amazon Rerank 1.0', author: 'amazon',
    description: 'Amazon reranker on Bedrock; priced per query.', output: ['rerank'],
    endpoints: [{ provider: 'bedrock', key: 'amazon.rerank-v1:0', configs: { 'us-west-2': { key: 'amazon.rerank-v1:0', region: 'us-west-2' } } }],
  },
  {
    id: 'jamba-1.5-large', name: 'Jamba 1.5 Large', author: 'ai21',
    description: 'Hybrid SSM-Transformer model with a 256K context.',
    endpoints: [{ provider: 'bedrock', key: 'ai21.jamba-1-5-large-v1:0', configs: { 'us-east-1': { key: 'ai21.jamba-1-5-large-v1:0', region: 'us-east-1' } } }],
  },
  {
    id: 'kimi-k2-instruct-0905', name: 'Kimi K2 Instruct 0905', author: 'moonshotai',
    description: "Moonshot's 1T-parameter MoE model for agentic coding, September 2025 update.",
    endpoints: [
      { provider: 'groq', key: 'groq/moonshotai/kimi-k2-instruct-0905' },
      { provider: 'fireworks', key: 'fireworks_ai/accounts/fireworks/models/kimi-k2-instruct-0905', providerModelId: 'accounts/fireworks/models/kimi-k2-instruct-0905' },
      { provider: 'together', key: 'together_ai/moonshotai/Kimi-K2-Instruct-0905' },
      { provider: 'novita', key: 'novita/moonshotai/kimi-k2-0905' },
    ],
  },
  {
    id: 'kimi-k2-thinking', name: 'Kimi K2 Thinking', author: 'moonshotai',
    description: 'Kimi K2 trained to interleave reasoning with tool calls.',
    endpoints: [
      { provider: 'fireworks', key: 'fireworks_ai/accounts/fireworks/models/kimi-k2-thinking', providerModelId: 'accounts/fireworks/models/kimi-k2-thinking' },
      { provider: 'novita', key: 'novita/moonshotai/kimi-k2-thinking' },
      { provider: 'bedrock', key: 'moonshot.kimi-k2-thinking', configs: { 'us-east-1': { key: 'moonshot.kimi-k2-thinking', region: 'us-east-1' } } },
    ],
  },
  {
    id: 'glm-4.5', name: 'GLM-4.5', author: 'zai',
    description: "Z.ai's agent-oriented 355B MoE model.",
    endpoints: [
      { provider: 'fireworks', key: 'fireworks_ai/accounts/fireworks/models/glm-4p5', providerModelId: 'accounts/fireworks/models/glm-4p5' },
      { provider: 'novita', key: 'novita/zai-org/glm-4.5' },
    ],
  },
  {
    id: 'glm-4.5-air', name: 'GLM-4.5 Air', author: 'zai',
    description: 'Compact GLM-4.5 (106B MoE).',
    endpoints: [
      { provider: 'fireworks', key: 'fireworks_ai/accounts/fireworks/models/glm-4p5-air', providerModelId: 'accounts/fireworks/models/glm-4p5-air' },
      { provider: 'novita', key: 'novita/zai-org/glm-4.5-air' },
      { provider: 'together', key: 'together_ai/zai-org/GLM-4.5-Air-FP8', quantization: 'fp8' },
    ],
  },
  {
    id: 'nemotron-nano-9b-v2', name: 'NVIDIA Nemotron Nano 9B v2', author: 'nvidia',
    description: 'Hybrid Mamba-Transformer small reasoning model.',
    endpoints: [
      { provider: 'fireworks', key: 'fireworks_ai/accounts/fireworks/models/nvidia-nemotron-nano-9b-v2', providerModelId: 'accounts/fireworks/models/nvidia-nemotron-nano-9b-v2' },
      { provider: 'bedrock', key: 'nvidia.nemotron-nano-9b-v2', configs: { 'us-east-1': { key: 'nvidia.nemotron-nano-9b-v2', region: 'us-east-1' } } },
    ],
  },
  {
    id: 'phi-4', name: 'Phi-4', author: 'microsoft',
    description: "Microsoft's 14B small language model for reasoning.",
    endpoints: [{ provider: 'deepinfra', key: 'deepinfra/microsoft/phi-4' }],
  },
  {
    id: 'sonar', name: 'Sonar', author: 'perplexity',
    description: 'Lightweight answer engine with web search built in; searches billed per request.',
    endpoints: [{ provider: 'perplexity', key: 'perplexity/sonar' }],
  },
  {
    id: 'sonar-pro', name: 'Sonar Pro', author: 'perplexity',
    description: 'Advanced search-grounded answers with more citations.',
    endpoints: [{ provider: 'perplexity', key: 'perplexity/sonar-pro' }],
  },
  {
    id: 'sonar-reasoning-pro', name: 'Sonar Reasoning Pro', author: 'perplexity',
    description: 'Search-grounded chain-of-thought reasoning.',
    endpoints: [{ provider: 'perplexity', key: 'perplexity/sonar-reasoning-pro' }],
  },
];
