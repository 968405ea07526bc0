// llmSchema of the record (spec 2.4): the request and response bodies mapped to one provider-neutral shape, for
// OpenAI chat completions, OpenAI responses and Anthropic messages. Other bodies give model, provider and errors.
import type { LlmRequest, LlmResponse, LlmSchema } from '../../../schema/request-record.js';
import { assembleStream } from '../../ingest/stream.js';
import { detectFormat } from '../../ingest/usage.js';
import { anthropicRequest, anthropicResponse } from './anthropic.js';
import { compact, isObj, str, type Json } from './common.js';
import { chatRequest, chatResponse } from './openai-chat.js';
import { responsesRequest, responsesResponse } from './openai-responses.js';

export interface LlmSchemaInput {
  requestBody: unknown;
  responseBody: unknown;
  provider: string;
  path: string;
  status: number;
  model: string;
}

export function buildLlmSchema(input: LlmSchemaInput): LlmSchema {
  // A streamed response logged as text maps like the body the stream adds up to.
  const res = typeof input.responseBody === 'string' ? (assembleStream(input.responseBody) ?? input.responseBody) : input.responseBody;
  const req = input.requestBody;
  const format = detectFormat(req, res, input.path);
  let request: LlmRequest = {};
  let response: LlmResponse = {};
  const reqObj: Json = isObj(req) ? req : {};
  const resObj: Json | undefined = isObj(res) && !isObj(res.error) ? res : undefined;
  switch (format) {
    case 'openai-chat':
      request = chatRequest(reqObj);
      if (resObj) response = chatResponse(resObj);
      break;
    case 'openai-responses':
      request = responsesRequest(reqObj);
      if (resObj) response = responsesResponse(resObj);
      break;
    case 'anthropic-messages':
      request = anthropicRequest(reqObj);
      if (resObj) response = anthropicResponse(resObj);
      break;
    case 'unknown':
      request = compact({ model: str(reqObj.model), prompt: str(reqObj.prompt), input: str(reqObj.input) });
      response = compact({ model: resObj ? str(resObj.model) : undefined });
  }
  request.provider = input.provider;
  request.model ??= input.model;
  if (isObj(res) && res.error !== undefined) response.error = { coreMessage: res.error };
  else if (input.status >= 400) response.error = { coreMessage: res ?? null };
  return { request, response };
}
