// Shared by every shader: the flat index of a workgroup in a 2-D grid (grids are folded
// into x and y to stay under maxComputeWorkGroupCount).
uint flatGroup(uint groupsX) { return gl_WorkGroupID.y * groupsX + gl_WorkGroupID.x; }
