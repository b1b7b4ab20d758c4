import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; under Node's ESM loader its function is the default export's `default`.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

type OpenApiDocument = {
  components: { schemas: Record<string, unknown> };
  paths: Record<string, Record<string, OperationObject>>;
};

interface MediaTypeObject {
  schema: { $ref?: string; type?: string; contentSchema?: { $ref: string } };
}

interface OperationObject {
  operationId: string;
  responses: Record<string, { content?: Record<string, MediaTypeObject> }>;
}

/** Where a located operation lives in the document. */
export interface LocatedOperation {
  method: string;
  path: string;
  operation: OperationObject;
}

const documentId = 'https://agentloom.invalid/api/v1/openapi.json';

/**
 * Validates answers against the OpenAPI document with a stock JSON Schema 2020-12 validator (ajv,
 * the dialect OpenAPI 3.1 uses). References inside the document (`#/components/schemas/Run`)
 * resolve against the document itself, registered under one id.
 */
export function openApiResponseValidator(document: OpenApiDocument) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema({ $id: documentId, components: document.components }, documentId);
  const compiled = new Map<string, ValidateFunction>();
  const validatorOf = (reference: string): ValidateFunction => {
    let validate = compiled.get(reference);
    if (!validate) {
      validate = ajv.compile({ $ref: `${documentId}${reference}` });
      compiled.set(reference, validate);
    }
    return validate;
  };

  const operations = new Map<string, LocatedOperation>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) operations.set(operation.operationId, { method, path, operation });
  }

  return {
    operations,
    /**
     * The problems of one answer: its status undocumented, its content type undocumented, or its
     * body not matching the schema (ajv's messages, with the JSON pointer of each).
     */
    problems(operationId: string, status: number, contentType: string, body: unknown): string[] {
      const located = operations.get(operationId);
      if (!located) return [`${operationId} is not in the document`];
      const response = located.operation.responses[String(status)];
      if (!response) return [`${operationId} answered ${status}, which the document does not list`];
      const media = response.content?.[contentType];
      if (!media) return [`${operationId} answered ${status} as ${contentType}, which the document does not list`];
      // A stream is validated frame by frame, a download line by line: each against the schema its `contentSchema` names.
      const reference = media.schema.type === 'string' ? media.schema.contentSchema?.$ref : media.schema.$ref;
      if (!reference) return [`${operationId} ${status} ${contentType} has no schema reference`];
      const validate = validatorOf(reference);
      if (validate(body)) return [];
      return (validate.errors ?? []).map((error) => `${operationId} ${status}: ${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
    },
  };
}

export type OpenApiResponseValidator = ReturnType<typeof openApiResponseValidator>;
