// react-jsonschema-form, as the edit form uses it: the one place it is imported from. The library
// build bundles this module (scripts/buildLibrary.mjs), so a consumer of studypulse-agent/ui needs
// nothing more than React, and rjsf's own peers do not reach a project that never draws a form.
export { default as Form } from '@rjsf/core'
export {
  ariaDescribedByIds,
  type RJSFSchema,
  type RJSFValidationError,
  toErrorSchema,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
  type WidgetProps,
} from '@rjsf/utils'
