const path = require('node:path');

/**
 * Jest configuration shared by every project. Unit specs are `*.spec.ts`; integration specs
 * (`*.int-spec.ts`, real Mosquitto, Redis and embedded stores) run through the `integration` target.
 */
function projectConfig(projectDir) {
  return {
    displayName: path.basename(projectDir),
    rootDir: projectDir,
    testEnvironment: 'node',
    testMatch: ['**/*.spec.ts'],
    // Decorated DTOs and Nest modules expect the metadata API that Nest itself loads at start-up.
    setupFiles: ['reflect-metadata'],
    resolver: '@nx/jest/plugins/resolver',
    moduleFileExtensions: ['ts', 'js', 'json'],
    transform: {
      '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(projectDir, 'tsconfig.json') }],
      // content-disposition 3 (under @fastify/static, which serves the API page) is ESM only, and
      // Jest here cannot require ESM: compile it to CommonJS for the tests.
      '/node_modules/content-disposition/.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs' } }],
    },
    transformIgnorePatterns: ['/node_modules/(?!content-disposition/)'],
    coverageDirectory: path.join(__dirname, 'coverage', path.relative(__dirname, projectDir)),
  };
}

module.exports = { projectConfig };
