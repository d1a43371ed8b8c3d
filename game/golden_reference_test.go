//go:build amd64 && !amd64.v3

package game

// referenceBuild: this build computes what the golden saves were made with
// (amd64 without FMA).
const referenceBuild = true
