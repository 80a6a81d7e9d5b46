import {
  compileFragment,
  createContractAjv,
  describeErrors,
  type OpenApiDocument,
  type Operation,
  type ResponseObject,
  type ValidateFunction,
} from '@cohort/openapi/schema';

/** One way a response body differs from the contract: where (a JSON pointer, `''` for the body) and how. */
export interface ResponseIssue {
  pointer: string;
  message: string;
  /** The schema keyword it broke (`type`, `required`, `maxLength`…), when a schema was checked. */
  keyword?: string;
}

/** What the contract declares for one operation and status. */
export type DeclaredResponse =
  | { declared: false; statuses: string[] }
  /** `json`: the response carries a JSON body; `other`: another media type (an event stream); `none`: no body. */
  | { declared: true; body: 'json' | 'other' | 'none' };

/**
 * Judges response bodies by the contract, with no HTTP framework involved: overrides are checked
 * with it when they are set, and the drift alarm checks every JSON answer the mock sends. Each
 * operation + status schema is compiled on first use.
 */
export class ResponseChecker {
  readonly #operations: Map<string, Operation>;
  readonly #doc: OpenApiDocument;
  /** Made on the first check: a mock that never checks a body (no overrides, no drift alarm) never pays for it at start-up. */
  #ajv: ReturnType<typeof createContractAjv> | undefined;
  readonly #compiled = new Map<string, ValidateFunction | null>();

  constructor(doc: OpenApiDocument, operations: Operation[]) {
    this.#doc = doc;
    this.#operations = new Map(operations.map((op) => [op.operationId, op]));
  }

  has(operationId: string): boolean {
    return this.#operations.has(operationId);
  }

  /** The contract's response for a status: exact (`404`), then its range (`5XX`), then `default`. */
  #response(operationId: string, status: number): ResponseObject | undefined {
    const responses = this.#operations.get(operationId)?.responses ?? {};
    return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  }

  declared(operationId: string, status: number): DeclaredResponse {
    const response = this.#response(operationId, status);
    if (!response)
      return { declared: false, statuses: Object.keys(this.#operations.get(operationId)?.responses ?? {}) };
    const types = Object.keys(response.content ?? {});
    if (types.length === 0) return { declared: true, body: 'none' };
    return { declared: true, body: types.includes('application/json') ? 'json' : 'other' };
  }

  /** Problems with a JSON body sent as `status` for `operationId`; `[]` when it conforms. */
  check(operationId: string, status: number, body: unknown): ResponseIssue[] {
    const response = this.#response(operationId, status);
    if (!response) {
      const statuses = Object.keys(this.#operations.get(operationId)?.responses ?? {}).join(', ');
      return [{ pointer: '', message: `status ${status} is not declared (declared: ${statuses})` }];
    }
    const key = `${operationId} ${status}`;
    let validate = this.#compiled.get(key);
    if (validate === undefined) {
      const schema = response.content?.['application/json']?.schema;
      this.#ajv ??= createContractAjv(this.#doc);
      validate = schema ? compileFragment(this.#ajv, schema) : null;
      this.#compiled.set(key, validate);
    }
    if (!validate) {
      return response.content ? [{ pointer: '', message: `status ${status} declares no JSON body` }] : [];
    }
    if (validate(body)) return [];
    return describeErrors(validate.errors)
      .filter((issue, _i, all) => !(/^(oneOf|anyOf)$/.test(issue.keyword) && all.length > 1))
      .map(({ pointer, message, keyword }) => ({ pointer, message, keyword }));
  }
}
