import { artifactSlug, cleanArtifactTitle } from '../../workspace/artifactText.ts'

/** The stored name of the note a call names, by its name or its title ("Exam plan" → `exam-plan`). */
export function noteName(nameOrTitle: string): string {
  return artifactSlug(cleanArtifactTitle(nameOrTitle))
}
