import { DockerfileParser } from 'dockerfile-ast';

/** One instruction of a Dockerfile: its keyword and its text after the keyword (flags included). */
export interface Step {
  keyword: string;
  args: string;
}

/** One build stage of a Dockerfile. */
export interface Stage {
  /** The `AS` name, or the index when there is none. */
  name: string;
  /** The base image as written: `node:26-bookworm-slim`. */
  image: string;
  steps: Step[];
}

/** The build stages of a Dockerfile, in order. */
export function stages(dockerfile: string): Stage[] {
  const result: Stage[] = [];
  for (const instruction of DockerfileParser.parse(dockerfile).getInstructions()) {
    const keyword = instruction.getKeyword();
    const args = instruction.toString().slice(instruction.getInstruction().length).trim();
    if (keyword === 'FROM') {
      const [image, , name] = args.split(/\s+/);
      result.push({ name: name ?? String(result.length), image, steps: [] });
    } else {
      result.at(-1)?.steps.push({ keyword, args });
    }
  }
  return result;
}

/** The arguments of each step of `stage` with this keyword. */
export function argsOf(stage: Stage, keyword: string): string[] {
  return stage.steps.filter((step) => step.keyword === keyword).map((step) => step.args);
}
