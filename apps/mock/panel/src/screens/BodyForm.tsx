import { useId, useState } from 'react';
import { type Doc, resolve, type Schema, sample, validate } from '../schema.ts';
import * as s from '../styles.css.ts';

type Path = (string | number)[];
interface FieldProps {
  doc: Doc;
  schema: unknown;
  value: unknown;
  label: string;
  path: Path;
  onChange: (path: Path, value: unknown) => void;
  depth?: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const typesOf = (schema: Schema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];

/** The schema a value is edited by: `allOf`'s parts merged, and of `oneOf`/`anyOf` the branch it fits best. */
function effective(doc: Doc, node: unknown, value: unknown): Schema {
  const schema = resolve(doc, node);
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part) => effective(doc, part, value));
    return {
      ...schema,
      ...Object.assign({}, ...parts),
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {}), schema.properties ?? {}),
      required: [...new Set(parts.flatMap((p) => (Array.isArray(p.required) ? p.required : [])))],
      allOf: undefined,
    };
  }
  const branches = [schema.oneOf, schema.anyOf].find(Array.isArray);
  if (branches && branches.length > 0 && typesOf(schema).length === 0) {
    const ranked = branches
      .map((branch) => ({ branch, misses: validate(doc, branch, value).length }))
      .sort((a, b) => a.misses - b.misses);
    return effective(doc, ranked[0]?.branch, value);
  }
  return schema;
}

/** One field of the body, drawn from its schema: text, number, checkbox, a choice, or a group of fields. */
export function SchemaField({ doc, schema: node, value, label, path, onChange, depth = 0 }: FieldProps) {
  const id = useId();
  const schema = effective(doc, node, value);
  const types = typesOf(schema);
  const set = (next: unknown) => onChange(path, next);
  if (depth > 10) return <p className={s.muted}>{label}: nested too deep for the form, edit it as JSON.</p>;
  if ('const' in schema)
    return (
      <p className={s.muted}>
        <span className={s.label}>{label}</span>: {JSON.stringify(schema.const)} (fixed by the contract)
      </p>
    );
  if (value === null && types.includes('null'))
    return (
      <div className={s.check}>
        <span className={s.label}>{label}</span>
        <span className={s.muted}>null</span>
        <button
          type="button"
          className={s.button.secondary}
          aria-label={`Give ${label} a value`}
          onClick={() => set(sample(doc, { ...schema, type: types.filter((t) => t !== 'null') }))}
        >
          Give a value
        </button>
      </div>
    );
  const nullable = types.includes('null') ? (
    <button type="button" className={s.button.secondary} aria-label={`Set ${label} to null`} onClick={() => set(null)}>
      Null
    </button>
  ) : null;
  if (Array.isArray(schema.enum))
    return (
      <div className={s.field}>
        <label className={s.label} htmlFor={id}>
          {label}
        </label>
        <select
          id={id}
          className={s.input}
          value={JSON.stringify(value)}
          onChange={(e) => set(JSON.parse(e.target.value))}
        >
          {schema.enum.map((option) => (
            <option key={JSON.stringify(option)} value={JSON.stringify(option)}>
              {String(option)}
            </option>
          ))}
        </select>
      </div>
    );
  if (types.includes('boolean') && (typeof value === 'boolean' || value === undefined))
    return (
      <label className={s.check}>
        <input type="checkbox" checked={value === true} onChange={(e) => set(e.target.checked)} />
        <span className={s.label}>{label}</span>
      </label>
    );
  // A value of the wrong type (typed as JSON) is still a field here, so the form can mend it.
  const scalar = !isObject(value) && !Array.isArray(value) && value !== undefined;
  if ((types.includes('integer') || types.includes('number')) && scalar && !types.includes('string'))
    return (
      <div className={s.field}>
        <label className={s.label} htmlFor={id}>
          {label}
        </label>
        <div className={s.actions}>
          <input
            id={id}
            className={s.inlineInput}
            type="number"
            step={types.includes('integer') ? 1 : 'any'}
            value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
            onChange={(e) => set(e.target.value === '' ? 0 : Number(e.target.value))}
          />
          {nullable}
        </div>
      </div>
    );
  if (types.includes('string') && scalar)
    return (
      <div className={s.field}>
        <label className={s.label} htmlFor={id}>
          {label}
        </label>
        <div className={s.actions}>
          <input
            id={id}
            className={s.inlineInput}
            value={typeof value === 'string' ? value : JSON.stringify(value)}
            onChange={(e) => set(e.target.value)}
            autoComplete="off"
          />
          {nullable}
        </div>
      </div>
    );
  if (Array.isArray(value))
    return (
      <fieldset className={s.fieldset}>
        <legend className={s.legend}>
          {label} ({value.length} {value.length === 1 ? 'item' : 'items'})
        </legend>
        {value.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an item's place is its identity here
          <div key={i}>
            <SchemaField
              doc={doc}
              schema={schema.items}
              value={item}
              label={`${label}[${i}]`}
              path={[...path, i]}
              onChange={onChange}
              depth={depth + 1}
            />
            <button
              type="button"
              className={s.button.danger}
              aria-label={`Remove ${label}[${i}]`}
              onClick={() => onChange([...path, i], undefined)}
            >
              Remove item
            </button>
          </div>
        ))}
        <div className={s.actions}>
          <button
            type="button"
            className={s.button.secondary}
            aria-label={`Add an item to ${label}`}
            onClick={() => set([...value, sample(doc, schema.items)])}
          >
            Add item
          </button>
          {nullable}
        </div>
      </fieldset>
    );
  if (isObject(value)) return <ObjectFields {...{ doc, schema, value, label, path, onChange, depth }} />;
  return (
    <p className={s.muted}>
      <span className={s.label}>{label}</span>: {JSON.stringify(value)} (edit it as JSON)
    </p>
  );
}

function ObjectFields({
  doc,
  schema,
  value,
  label,
  path,
  onChange,
  depth = 0,
}: Omit<FieldProps, 'schema' | 'value'> & { schema: Schema; value: Record<string, unknown> }) {
  const addId = useId();
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const absent = Object.keys(properties).filter((name) => !(name in value));
  const [adding, setAdding] = useState('');
  const toAdd = absent.includes(adding) ? adding : (absent[0] ?? '');
  return (
    <fieldset className={s.fieldset}>
      <legend className={s.legend}>{label}</legend>
      {Object.entries(value).map(([name, item]) => (
        <div key={name} className={s.propertyRow}>
          <div className={s.grow}>
            <SchemaField
              doc={doc}
              schema={properties[name] ?? (isObject(schema.additionalProperties) ? schema.additionalProperties : {})}
              value={item}
              label={name}
              path={[...path, name]}
              onChange={onChange}
              depth={depth + 1}
            />
          </div>
          {!required.has(name) && (
            <button
              type="button"
              className={s.button.danger}
              aria-label={`Leave out ${name}`}
              onClick={() => onChange([...path, name], undefined)}
            >
              Leave out
            </button>
          )}
        </div>
      ))}
      {absent.length > 0 && (
        <div className={s.form}>
          <div className={s.field}>
            <label className={s.label} htmlFor={addId}>
              Add a field to {label}
            </label>
            <select id={addId} className={s.input} value={toAdd} onChange={(e) => setAdding(e.target.value)}>
              {absent.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className={s.button.secondary}
            onClick={() => onChange([...path, toAdd], sample(doc, properties[toAdd]))}
          >
            Add field
          </button>
        </div>
      )}
    </fieldset>
  );
}
