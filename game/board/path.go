package board

// graph is the visibility graph for paths (being written).
type graph struct{}
