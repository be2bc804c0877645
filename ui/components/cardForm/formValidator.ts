import type { JsonSchema } from '../../../models/messages.ts'
import { checkArguments } from '../../core/checkArguments.ts'
import { type EditField, toArguments } from '../../core/editFields.ts'
import {
  type RJSFSchema,
  type RJSFValidationError,
  toErrorSchema,
  type ValidationData,
  type ValidatorType,
} from './rjsf.ts'

type Values = Record<string, unknown>

/**
 * react-jsonschema-form's validator over `checkArguments`: the form's values become the arguments
 * the edit would propose, checked against the tool's own schema, and each problem lands on its
 * field in plain words. (`@rjsf/validator-ajv8` compiles code at run time, which the page's content
 * security policy forbids.)
 */
export function formValidator(
  toolSchema: JsonSchema,
  fields: readonly EditField[],
  proposed: Values,
): ValidatorType<Values> {
  return {
    validateFormData(formData): ValidationData<Values> {
      const args = toArguments(fields, formData ?? {}, proposed)
      const checked = checkArguments(toolSchema, args, fields)
      const errors: RJSFValidationError[] = checked.ok
        ? []
        : checked.problems.map((problem) => ({
            name: 'invalid',
            property: problem.path.length === 0 ? '.' : `.${problem.path.join('.')}`,
            message: problem.message,
            stack: problem.message,
          }))
      return { errors, errorSchema: toErrorSchema<Values>(errors) }
    },
    // The form asks this of sub-schemas (to pick an anyOf branch, or an if/then).
    isValid(schema: RJSFSchema, formData: Values | undefined) {
      return checkArguments(schema as JsonSchema, formData, []).ok
    },
    rawValidation<Result>(_schema: RJSFSchema, formData?: Values) {
      const checked = checkArguments(toolSchema, formData ?? {}, fields)
      return { errors: (checked.ok ? [] : checked.problems) as Result[] }
    },
  }
}
